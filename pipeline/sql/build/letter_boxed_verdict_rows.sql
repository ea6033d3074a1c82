-- Letter Boxed verdict rows: every (date, word) before $as_of where a universe word obeys that
-- day's box rules (playable_pairs: day numbers and universe positions, handed over by build.py from
-- the solver's playability test), with
-- whether the NYT's daily list included it, plus one undecided row per word as of $as_of (the
-- build).
CREATE OR REPLACE TEMP TABLE verdict_rows AS
WITH pairs AS (
    SELECT DATE '1970-01-01' + p.day AS as_of, u.word
    FROM playable_pairs AS p
    JOIN universe_index AS u USING (word_index)
)
SELECT p.word, p.as_of, d.word IS NOT NULL AS accepted
FROM pairs AS p
LEFT JOIN letter_boxed_dictionary AS d ON d.date = p.as_of AND d.word = p.word
UNION ALL
SELECT word, $as_of::DATE, NULL FROM universe;
