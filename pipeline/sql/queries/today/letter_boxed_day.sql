-- The stored Letter Boxed puzzle of $date, or the latest one when $date is NULL, with the NYT's
-- word list of the day (NULL when unknown).
SELECT
    p.date,
    p.sides,
    p.nyt_solution,
    p.par,
    CASE WHEN p.dictionary_known THEN
        (SELECT list(d.word ORDER BY d.word) FROM letter_boxed_dictionary AS d WHERE d.date = p.date)
    END AS dictionary
FROM letter_boxed_puzzles AS p
WHERE $date IS NULL OR p.date = $date
ORDER BY p.date DESC
LIMIT 1;
