-- Gives an owner's puzzle (put_puzzle first) the store's next version: it changed. Two writers of
-- PostgreSQL may read the same highest version at once; the puzzle's own still goes up.
INSERT INTO progress_versions (owner_id, game, puzzle, letters, version)
SELECT played.owner_id, played.game, played.puzzle, played.letters,
    (SELECT coalesce(max(version), 0) + 1 FROM progress_versions)
FROM puzzles_played AS played
WHERE played.owner_id = :owner_id AND played.game = :game AND played.puzzle = :puzzle
    AND played.letters = :letters
ON CONFLICT (owner_id, game, puzzle, letters) DO UPDATE
SET version = CASE WHEN excluded.version > progress_versions.version THEN excluded.version
    ELSE progress_versions.version + 1 END
