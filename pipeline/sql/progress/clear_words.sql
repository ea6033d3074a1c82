-- Forgets the words an owner found in a puzzle.
DELETE FROM words_found
WHERE owner_id = :owner_id AND game = :game AND puzzle = :puzzle AND letters = :letters
