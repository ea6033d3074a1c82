-- Forgets the words found in one puzzle.
DELETE FROM found_words WHERE game = :game AND puzzle = :puzzle AND letters = :letters
