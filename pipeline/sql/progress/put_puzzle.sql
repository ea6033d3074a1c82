-- An owner's puzzle with its facts as played now (kept once; its facts brought up to date).
INSERT INTO puzzles_played (owner_id, game, puzzle, letters, day, points, genius, par)
VALUES (:owner_id, :game, :puzzle, :letters, :day, :points, :genius, :par)
ON CONFLICT (owner_id, game, puzzle, letters) DO UPDATE
SET day = excluded.day, points = excluded.points, genius = excluded.genius, par = excluded.par
