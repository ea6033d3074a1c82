-- Every past Letter Boxed box with a known NYT list before $as_of: its date and sides.
SELECT date, sides
FROM letter_boxed_puzzles
WHERE dictionary_known AND date < $as_of
ORDER BY date;
