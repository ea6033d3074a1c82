-- The words found in one puzzle (:game, :puzzle, :letters), in the order found.
SELECT word FROM found_words
WHERE game = :game AND puzzle = :puzzle AND letters = :letters
ORDER BY position
