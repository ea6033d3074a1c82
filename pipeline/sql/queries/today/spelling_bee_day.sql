-- The stored Spelling Bee puzzle of $date, or the latest one when $date is NULL.
SELECT date, center, others, answers, pangrams
FROM spelling_bee_puzzles
WHERE $date IS NULL OR date = $date
ORDER BY date DESC
LIMIT 1;
