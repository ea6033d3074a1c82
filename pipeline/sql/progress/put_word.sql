-- Keeps :word at :position of an owner's puzzle (a Letter Boxed chain, written whole).
INSERT INTO words_found (owner_id, game, puzzle, letters, position, word, points, after_reveal)
SELECT :owner_id, :game, :puzzle, :letters, :position, :word, :points, played.revealed
FROM puzzles_played AS played
WHERE played.owner_id = :owner_id AND played.game = :game AND played.puzzle = :puzzle
    AND played.letters = :letters
ON CONFLICT (owner_id, game, puzzle, letters, word) DO NOTHING
