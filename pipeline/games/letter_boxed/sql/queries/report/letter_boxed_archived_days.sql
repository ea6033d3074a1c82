-- Every archived Letter Boxed day with a known NYT dictionary: board, NYT solution, dictionary
-- (its words one per line: one string a day is far quicker to fetch than a list). The words are
-- gathered per date before the join, so the grouping keys are dates, not lists; they come in
-- the stored order, not sorted here (the solver sorts the few days that need it, BoardWords.of).
WITH dictionaries AS (
    SELECT date, string_agg(word, chr(10)) AS words
    FROM letter_boxed_dictionary
    GROUP BY date
)
SELECT p.date, p.sides, p.nyt_solution, d.words
FROM letter_boxed_puzzles AS p
JOIN dictionaries AS d USING (date)
ORDER BY p.date
