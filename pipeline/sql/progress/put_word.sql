-- Keeps :word as found in one puzzle at :position.
INSERT OR IGNORE INTO found_words VALUES (:game, :puzzle, :letters, :position, :word)
