-- The version of an owner's puzzle (no row: never written to, version 0).
SELECT version FROM progress_versions
WHERE owner_id = :owner_id AND game = :game AND puzzle = :puzzle AND letters = :letters
