-- The stored Letter Boxed puzzle of $date, or the latest one when $date is NULL, with the NYT's
-- word list of the day (NULL when unknown). The day is found first, so that only its own word
-- list is gathered (gathering every day's list took 0.3 s).
WITH day AS (
    SELECT date, sides, nyt_solution, par, dictionary_known
    FROM letter_boxed_puzzles
    WHERE $date IS NULL OR date = $date
    ORDER BY date DESC
    LIMIT 1
)
SELECT
    day.date,
    any_value(day.sides) AS sides,
    any_value(day.nyt_solution) AS nyt_solution,
    any_value(day.par) AS par,
    CASE WHEN any_value(day.dictionary_known) THEN list(d.word ORDER BY d.word) END AS dictionary
FROM day
LEFT JOIN letter_boxed_dictionary AS d ON d.date = day.date
GROUP BY day.date;
