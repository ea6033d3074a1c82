-- The Letter Boxed archive, one record per day; dictionary is NULL when unknown.
SELECT
    strftime(p.date, '%Y-%m-%d') AS date,
    p.sides,
    p.nyt_solution,
    p.par,
    CASE WHEN p.dictionary_known THEN d.dictionary END AS dictionary
FROM letter_boxed_puzzles AS p
LEFT JOIN letter_boxed_source_days AS d ON d.date = p.date AND d.source = p.source
ORDER BY p.date
