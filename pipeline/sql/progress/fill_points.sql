-- Writes the points of a word found before players (kept without them).
UPDATE words_found SET points = :points
WHERE owner_id = :owner_id AND game = :game AND puzzle = :puzzle AND letters = :letters
    AND word = :word AND points IS NULL
