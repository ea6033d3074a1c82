-- Fills the spelling_bee_not_accepted table (games/spelling_bee/sql/tables/scrape/spelling_bee_not_accepted.sql).
INSERT INTO spelling_bee_not_accepted
SELECT DISTINCT d.date, word
FROM spelling_bee_source_days AS d, unnest(d.not_accepted) AS t(word)
WHERE d.not_accepted IS NOT NULL
ORDER BY d.date, word;
