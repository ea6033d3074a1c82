-- Whether an owner's chain solves the board without a reveal (written with the chain).
UPDATE puzzles_played SET solved = :solved
WHERE owner_id = :owner_id AND game = :game AND puzzle = :puzzle AND letters = :letters
