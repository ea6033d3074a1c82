-- Turn the eligible pairs into verdict rows (accepted or not) and add the build's query rows.
CREATE OR REPLACE TEMP TABLE verdict_rows AS
SELECT
    e.word,
    DATE '2000-01-01' + e.puzzle_id::INTEGER AS as_of,
    a.word IS NOT NULL AS accepted
FROM eligible_pairs AS e
LEFT JOIN spelling_bee_answers AS a
    ON a.word = e.word AND a.date = DATE '2000-01-01' + e.puzzle_id::INTEGER
UNION ALL
SELECT word, $as_of::DATE, NULL FROM dictionary_universe;
