-- Keeps :word as found in one puzzle, after its other words (once).
INSERT OR IGNORE INTO found_words
SELECT :game, :puzzle, :letters, coalesce(max(position), 0) + 1, :word
FROM found_words
WHERE game = :game AND puzzle = :puzzle AND letters = :letters
