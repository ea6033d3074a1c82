-- The words a game's custom dictionary decides on: every list word of at least $min_length letters
-- and every past official answer of $game (some are in no list), and every word a hand edit names
-- ($edited_words, checked for length by pipeline/edits.py). A word's id is its position in
-- alphabetical order: the build's evidence arrays (pipeline/evidence.py) index words by it.
CREATE OR REPLACE TEMP TABLE universe AS
SELECT (row_number() OVER (ORDER BY word) - 1)::INTEGER AS word_id, word, letter_mask
FROM (
    SELECT word, letter_mask FROM words WHERE length >= $min_length
    UNION
    SELECT word, letter_mask(word) FROM unnest($edited_words::VARCHAR[]) AS edited(word)
    UNION
    SELECT DISTINCT a.word, letter_mask(a.word) AS letter_mask
    FROM official_answers AS a
    ANTI JOIN words AS w USING (word)
    WHERE a.game = $game
);
