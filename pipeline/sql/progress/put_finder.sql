-- Who found :word of a room's puzzle (the last to find it, after a restart).
INSERT INTO word_finders (owner_id, game, puzzle, letters, word, finder_id)
VALUES (:owner_id, :game, :puzzle, :letters, :word, :finder_id)
ON CONFLICT (owner_id, game, puzzle, letters, word) DO UPDATE SET finder_id = excluded.finder_id
