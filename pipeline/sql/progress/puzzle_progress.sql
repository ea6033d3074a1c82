-- Whether an owner revealed a puzzle's answers and solved it (no row: never written to).
SELECT revealed, solved FROM puzzles_played
WHERE owner_id = :owner_id AND game = :game AND puzzle = :puzzle AND letters = :letters
