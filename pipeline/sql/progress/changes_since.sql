-- Every owner's puzzle written to since version :since, in order (a SQLite store's live feed).
SELECT owner_id, game, puzzle, letters, version FROM progress_versions
WHERE version > :since
ORDER BY version
