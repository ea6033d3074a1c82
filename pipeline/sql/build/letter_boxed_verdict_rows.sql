-- Letter Boxed verdict rows: every (date, word) before $as_of where a universe word obeys that
-- day's box rules (letters on the box, no two consecutive letters from one side), with whether the
-- NYT's daily list included it, plus one undecided row per word as of $as_of (the build).
CREATE OR REPLACE TEMP TABLE verdict_rows AS
WITH boxes AS (
    SELECT date, letters_mask, array_to_string(sides, '') AS box_letters
    FROM letter_boxed_puzzles
    WHERE dictionary_known AND date < $as_of
),
on_the_box AS (
    SELECT b.date, u.word, b.box_letters
    FROM boxes AS b
    JOIN universe AS u ON (u.letter_mask & ~b.letters_mask) = 0
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
SELECT word, $as_of::DATE, NULL FROM universe;
