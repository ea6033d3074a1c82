-- The words an owner found in a puzzle, in the order found, with their points.
SELECT word, points FROM words_found
WHERE owner_id = :owner_id AND game = :game AND puzzle = :puzzle AND letters = :letters
ORDER BY position, word
