-- Every archived Letter Boxed day with a known NYT dictionary: board, NYT solution, dictionary.
SELECT p.date, p.sides, p.nyt_solution, list(d.word ORDER BY d.word) AS words
FROM letter_boxed_puzzles AS p
JOIN letter_boxed_dictionary AS d USING (date)
GROUP BY p.date, p.sides, p.nyt_solution
ORDER BY p.date
