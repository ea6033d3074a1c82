-- An owner's puzzle with its facts as played now: kept once, its facts brought up to date only
-- when they changed (a puzzle from before players, or a generated id whose build changed).
INSERT INTO puzzles_played (owner_id, game, puzzle, letters, day, points, genius, par)
VALUES (:owner_id, :game, :puzzle, :letters, :day, :points, :genius, :par)
ON CONFLICT (owner_id, game, puzzle, letters) DO UPDATE
SET day = excluded.day, points = excluded.points, genius = excluded.genius, par = excluded.par
WHERE puzzles_played.day IS DISTINCT FROM excluded.day
    OR puzzles_played.points IS DISTINCT FROM excluded.points
    OR puzzles_played.genius IS DISTINCT FROM excluded.genius
    OR puzzles_played.par IS DISTINCT FROM excluded.par
