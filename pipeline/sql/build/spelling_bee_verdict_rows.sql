-- Spelling Bee verdict rows: every (date, word) where a universe word was eligible for a past
-- puzzle (spelling_bee_solutions, from the SQL solver), with the NYT's verdict, plus one
-- undecided row per word as of $as_of (the build).
CREATE OR REPLACE TEMP TABLE verdict_rows AS
SELECT
    s.word,
    DATE '2000-01-01' + s.puzzle_id::INTEGER AS as_of,
    a.word IS NOT NULL AS accepted
FROM spelling_bee_solutions AS s
LEFT JOIN spelling_bee_answers AS a
    ON a.word = s.word AND a.date = DATE '2000-01-01' + s.puzzle_id::INTEGER
UNION ALL
SELECT word, $as_of::DATE, NULL FROM universe;
