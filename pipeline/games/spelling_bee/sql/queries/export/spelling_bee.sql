-- The Spelling Bee archive, one record per day from $since to $until (NULL: no bound).
SELECT date, center, others, answers, pangrams
FROM spelling_bee_puzzles
WHERE ($since IS NULL OR date >= $since) AND ($until IS NULL OR date <= $until)
ORDER BY date
