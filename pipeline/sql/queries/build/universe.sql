-- The words a game's custom dictionary decides on: every list word of at least $min_length letters
-- and every past official answer of $game (some are in no list), and every word a hand edit names
-- ($edited_words, checked for length by pipeline/storage/edits.py). A word's id is its position in
-- alphabetical order: the build's evidence arrays (pipeline/model/evidence.py) index words by it.
-- The list words are distinct already: only the few others are made distinct and kept out of
-- them (a UNION of every word cost twice as long).
CREATE OR REPLACE TEMP TABLE universe AS
WITH list_words AS (
    SELECT word, letter_mask FROM words WHERE length >= $min_length
),
other_words AS (
    SELECT unnest($edited_words::VARCHAR[]) AS word
    UNION
    SELECT a.word FROM official_answers AS a ANTI JOIN words AS w USING (word) WHERE a.game = $game
)
SELECT (row_number() OVER (ORDER BY word) - 1)::INTEGER AS word_id, word, letter_mask
FROM (
    SELECT word, letter_mask FROM list_words
    UNION ALL
    SELECT o.word, letter_mask(o.word) FROM other_words AS o ANTI JOIN list_words AS l USING (word)
);
