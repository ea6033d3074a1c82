-- The days whose NYT puzzle some owner's progress is kept under the id `today` (servers before
-- `today` and its date were one game wrote it so): upgrade 002 moves it to the date.
SELECT DISTINCT day FROM puzzles_played WHERE puzzle = 'today' AND day IS NOT NULL ORDER BY day
