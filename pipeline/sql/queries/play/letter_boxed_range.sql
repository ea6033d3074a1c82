-- The first and last date of the letter boxed archive and its number of puzzles (the page's date picker).
SELECT min(date), max(date), count(*) FROM letter_boxed_puzzles
