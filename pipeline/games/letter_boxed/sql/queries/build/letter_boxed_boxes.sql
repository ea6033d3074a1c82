-- Every past Letter Boxed box with a known NYT list before $as_of: its day number (since
-- 1970-01-01) and sides.
SELECT date_diff('day', DATE '1970-01-01', date)::INTEGER AS day, sides
FROM letter_boxed_puzzles
WHERE dictionary_known AND date < $as_of
ORDER BY date;
