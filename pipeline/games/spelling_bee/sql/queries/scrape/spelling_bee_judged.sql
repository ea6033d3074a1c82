-- The temp tables verdict_changes reads, for Spelling Bee: judged, every verdict on each word the
-- NYT ever accepted (each puzzle whose letters it fits, with the center: accepted when among the
-- day's final answers), and corrections, the words another source disagreed on for a day (a
-- source that copied the day at 3 a.m. lacks a word added during the day).
CREATE OR REPLACE TEMP TABLE judged AS
WITH answer_words AS (
    SELECT DISTINCT word, letter_mask(word) AS mask FROM spelling_bee_answers
)
SELECT p.date, w.word, list_contains(p.answers, w.word) AS accepted
FROM answer_words AS w
JOIN spelling_bee_puzzles AS p
    ON (w.mask & ~p.letters_mask) = 0 AND (w.mask & p.center_bit) <> 0;

CREATE OR REPLACE TEMP TABLE corrections AS
SELECT date, unnest(only_in_a) AS word, 'added during the day' AS correction, source_b AS source
FROM spelling_bee_disagreements
WHERE NOT letters_differ
UNION ALL
SELECT date, unnest(only_in_b), 'removed during the day', source_b
FROM spelling_bee_disagreements
WHERE NOT letters_differ;
