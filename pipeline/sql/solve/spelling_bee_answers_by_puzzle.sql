-- The SQL solver's answers, puzzle by puzzle and alphabetically.
SELECT puzzle_id, word FROM spelling_bee_solutions ORDER BY puzzle_id, word;
