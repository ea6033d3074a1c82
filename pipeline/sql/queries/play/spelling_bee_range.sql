-- The first and last date of the spelling bee archive and its number of puzzles (the page's date picker).
SELECT min(date), max(date), count(*) FROM spelling_bee_puzzles
