-- Keeps :word as found in an owner's puzzle (put_puzzle first), after its other words, once;
-- a word found once the answers were shown is marked so.
INSERT INTO words_found (owner_id, game, puzzle, letters, position, word, points, after_reveal)
SELECT :owner_id, :game, :puzzle, :letters,
    coalesce((
        SELECT max(position) FROM words_found
        WHERE owner_id = :owner_id AND game = :game AND puzzle = :puzzle AND letters = :letters
    ), 0) + 1,
    :word, :points, played.revealed
FROM puzzles_played AS played
WHERE played.owner_id = :owner_id AND played.game = :game AND played.puzzle = :puzzle
    AND played.letters = :letters
ON CONFLICT (owner_id, game, puzzle, letters, word) DO NOTHING
