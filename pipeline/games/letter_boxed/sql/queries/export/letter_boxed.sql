-- The Letter Boxed archive, one record per day from $since to $until (NULL: no bound);
-- dictionary is NULL when unknown.
SELECT
    p.date,
    p.sides,
    p.nyt_solution,
    p.par,
    CASE WHEN p.dictionary_known THEN d.dictionary END AS dictionary
FROM letter_boxed_puzzles AS p
LEFT JOIN letter_boxed_source_days AS d ON d.date = p.date AND d.source = p.source
WHERE ($since IS NULL OR p.date >= $since) AND ($until IS NULL OR p.date <= $until)
ORDER BY p.date
