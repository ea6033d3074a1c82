-- PostgreSQL only: a reveal's write in one round trip (SQLite: Progress.reveal's steps): the
-- owner, the puzzle (put_puzzle), marked revealed (reveal.sql), the change (progress_changed), and
-- the progress after.
CREATE OR REPLACE FUNCTION progress_reveal(
    _player text, _room text, _new_owner text, _new_secret text, _now text, _written_at text,
    _game text, _puzzle text, _letters text, _day integer, _points integer, _genius integer,
    _par integer
) RETURNS TABLE (
    status text, changed boolean, word text, points integer, revealed integer, solved integer
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    who record;
BEGIN
    SELECT * INTO who
    FROM progress_owner(_player, _room, _new_owner, _new_secret, _now, _written_at, true);
    IF who.owner IS NULL THEN
        RETURN QUERY SELECT who.status, false, NULL::text, NULL::integer, NULL::integer, NULL::integer;
        RETURN;
    END IF;
    PERFORM progress_put_puzzle(who.owner, _game, _puzzle, _letters, _day, _points, _genius, _par);
    UPDATE puzzles_played SET revealed = 1
    WHERE owner_id = who.owner AND game = _game AND puzzle = _puzzle AND letters = _letters;
    PERFORM progress_changed(who.owner, _game, _puzzle, _letters, NULL, NULL);
    RETURN QUERY SELECT * FROM progress_rows(who.status, true, who.owner, _game, _puzzle, _letters);
END
$$
