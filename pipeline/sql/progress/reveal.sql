-- Marks an owner's puzzle as revealed (put_puzzle first).
UPDATE puzzles_played SET revealed = 1
WHERE owner_id = :owner_id AND game = :game AND puzzle = :puzzle AND letters = :letters
