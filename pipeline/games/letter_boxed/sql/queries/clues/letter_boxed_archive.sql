-- Every archived Letter Boxed's NYT solution: one row per day, its words in their order.
SELECT date, nyt_solution AS answers FROM letter_boxed_puzzles ORDER BY date;
