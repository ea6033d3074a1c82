-- The stored Spelling Bee puzzles from $first to $last, by date (a NULL bound: the latest stored
-- day): one day for `pipeline today`, every day for the file the build writes beside the list.
WITH latest AS (SELECT max(date) AS date FROM spelling_bee_puzzles)
SELECT p.date, p.center, p.others, p.answers, p.pangrams
FROM spelling_bee_puzzles AS p, latest
WHERE p.date BETWEEN coalesce($first, latest.date) AND coalesce($last, latest.date)
ORDER BY p.date;
