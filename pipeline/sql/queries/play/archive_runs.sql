-- The runs of consecutive dates of one game's archive ($puzzles, its puzzles table), with their
-- puzzles (`GET /api/puzzles`, the page's date picker): consecutive dates share their date minus
-- their rank.
SELECT min(date) AS first, max(date) AS last, count(*) AS puzzles
FROM (
    SELECT date, date - CAST(row_number() OVER (ORDER BY date) AS INTEGER) AS run
    FROM query_table($puzzles)
)
GROUP BY run
ORDER BY first
