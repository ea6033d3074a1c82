-- Every archived Letter Boxed board with a known NYT dictionary, and that dictionary.
SELECT p.sides, list(d.word ORDER BY d.word) AS words
FROM letter_boxed_puzzles AS p
JOIN letter_boxed_dictionary AS d USING (date)
GROUP BY p.date, p.sides
ORDER BY p.date
