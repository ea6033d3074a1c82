-- The Spelling Bee archive, one record per day.
SELECT strftime(date, '%Y-%m-%d') AS date, center, others, answers, pangrams
FROM spelling_bee_puzzles
ORDER BY date
