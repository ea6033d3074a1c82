-- The SQL solver's answers: (puzzle_id, word) rows, in no order.
SELECT puzzle_id, word FROM spelling_bee_solutions;
