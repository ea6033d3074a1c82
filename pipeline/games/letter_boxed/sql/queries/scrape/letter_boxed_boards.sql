-- Every Letter Boxed board with a known NYT list: its date and sides, oldest first.
SELECT date, sides FROM letter_boxed_puzzles WHERE dictionary_known ORDER BY date;
