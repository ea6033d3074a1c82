-- Letter Boxed evidence rows: every (date, word) where a universe word obeys that day's box rules
-- (letters on the box, no two consecutive letters from one side), with whether the NYT's daily
-- list included it, plus one undecided row per word as of $as_of (the build).
CREATE OR REPLACE TEMP TABLE dictionary_universe AS
SELECT word, letter_mask FROM words WHERE length >= 3
UNION
SELECT DISTINCT d.word,
       letter_mask(d.word)
FROM letter_boxed_dictionary AS d ANTI JOIN words AS w USING (word);

CREATE OR REPLACE TEMP TABLE verdict_rows AS
WITH boxes AS (
    SELECT date, letters_mask, array_to_string(sides, '') AS box_letters
    FROM letter_boxed_puzzles
    WHERE dictionary_known
),
on_the_box AS (
    SELECT b.date, u.word, b.box_letters
    FROM boxes AS b
    JOIN dictionary_universe AS u ON (u.letter_mask & ~b.letters_mask) = 0
),
playable AS (
    SELECT date, word
    FROM on_the_box
    WHERE NOT regexp_matches(translate(word, box_letters, '000111222333'), '00|11|22|33')
)
SELECT p.word, p.date AS as_of, d.word IS NOT NULL AS accepted
FROM playable AS p
LEFT JOIN letter_boxed_dictionary AS d ON d.date = p.date AND d.word = p.word
UNION ALL
SELECT word, $as_of::DATE, NULL FROM dictionary_universe;
