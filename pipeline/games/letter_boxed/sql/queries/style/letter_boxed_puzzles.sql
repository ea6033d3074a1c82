-- The NYT's Letter Boxed boards, by date.
SELECT date, sides, par FROM letter_boxed_puzzles ORDER BY date
