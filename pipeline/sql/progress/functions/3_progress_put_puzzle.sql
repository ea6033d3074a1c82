-- PostgreSQL only: put_puzzle.sql, for the write functions.
CREATE OR REPLACE FUNCTION progress_put_puzzle(
    _owner text, _game text, _puzzle text, _letters text, _day integer, _points integer,
    _genius integer, _par integer
) RETURNS void LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN  -- plpgsql, not sql: its plan is kept for the session
    INSERT INTO puzzles_played (owner_id, game, puzzle, letters, day, points, genius, par)
    VALUES (_owner, _game, _puzzle, _letters, _day, _points, _genius, _par)
    ON CONFLICT (owner_id, game, puzzle, letters) DO UPDATE
    SET day = excluded.day, points = excluded.points, genius = excluded.genius, par = excluded.par
    WHERE puzzles_played.day IS DISTINCT FROM excluded.day
        OR puzzles_played.points IS DISTINCT FROM excluded.points
        OR puzzles_played.genius IS DISTINCT FROM excluded.genius
        OR puzzles_played.par IS DISTINCT FROM excluded.par;
END
$$
