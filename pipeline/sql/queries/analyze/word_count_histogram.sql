-- How many honeycombs of one S rule have a word count in each bucket; $bounds are the buckets'
-- lowest counts, ascending (the last bucket is open-ended).
WITH bounds AS (
    SELECT unnest($bounds::INTEGER[]) AS low
),
buckets AS (
    SELECT low, lead(low) OVER (ORDER BY low) - 1 AS high FROM bounds
),
space AS (
    SELECT words FROM honeycombs WHERE s_allowed = $s_allowed
)
SELECT
    CASE WHEN b.high IS NULL THEN b.low || '+' ELSE b.low || '-' || b.high END AS words,
    count(s.words) AS honeycombs,
    count(s.words) / greatest((SELECT count(*) FROM space), 1) AS share
FROM buckets AS b
LEFT JOIN space AS s ON s.words >= b.low AND (b.high IS NULL OR s.words <= b.high)
GROUP BY b.low, b.high
ORDER BY b.low;
