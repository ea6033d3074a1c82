-- The stored Letter Boxed puzzles from $first to $last, by date (a NULL bound: the latest stored
-- day), each with the NYT's word list of the day (NULL when unknown): one day for `pipeline
-- today`, every day for the file the build writes beside the list. The days are found first, so
-- that only their own word lists are gathered (gathering every day's list for one took 0.3 s).
WITH latest AS (SELECT max(date) AS date FROM letter_boxed_puzzles),
day AS (
    SELECT p.date, p.sides, p.nyt_solution, p.par, p.dictionary_known
    FROM letter_boxed_puzzles AS p, latest
    WHERE p.date BETWEEN coalesce($first, latest.date) AND coalesce($last, latest.date)
)
SELECT
    day.date,
    any_value(day.sides) AS sides,
    any_value(day.nyt_solution) AS nyt_solution,
    any_value(day.par) AS par,
    CASE WHEN any_value(day.dictionary_known) THEN list(d.word ORDER BY d.word) END AS dictionary
FROM day
LEFT JOIN letter_boxed_dictionary AS d ON d.date = day.date
GROUP BY day.date
ORDER BY day.date;
