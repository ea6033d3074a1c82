-- Forgets who found the words of an owner's puzzle (it starts again).
DELETE FROM word_finders
WHERE owner_id = :owner_id AND game = :game AND puzzle = :puzzle AND letters = :letters
