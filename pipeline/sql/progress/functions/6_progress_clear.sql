-- PostgreSQL only: a restart's write in one round trip (SQLite: Progress.clear's steps): the
-- owner (none made: nobody has nothing to forget), its words in the puzzle forgotten
-- (clear_words) with who found them (clear_finders), not solved (set_solved; a reveal stays known),
-- the change (progress_changed), and the progress after.
CREATE OR REPLACE FUNCTION progress_clear(
    _player text, _room text, _new_owner text, _new_secret text, _now text, _written_at text,
    _game text, _puzzle text, _letters text
) RETURNS TABLE (
    status text, changed boolean, word text, points integer, revealed integer, solved integer
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    who record;
BEGIN
    SELECT * INTO who
    FROM progress_owner(_player, _room, _new_owner, _new_secret, _now, _written_at, false);
    IF who.owner IS NULL THEN
        RETURN QUERY SELECT who.status, false, NULL::text, NULL::integer, NULL::integer, NULL::integer;
        RETURN;
    END IF;
    DELETE FROM words_found
    WHERE owner_id = who.owner AND game = _game AND puzzle = _puzzle AND letters = _letters;
    DELETE FROM word_finders
    WHERE owner_id = who.owner AND game = _game AND puzzle = _puzzle AND letters = _letters;
    UPDATE puzzles_played SET solved = 0
    WHERE owner_id = who.owner AND game = _game AND puzzle = _puzzle AND letters = _letters;
    PERFORM progress_changed(who.owner, _game, _puzzle, _letters, NULL, NULL);
    RETURN QUERY SELECT * FROM progress_rows(who.status, true, who.owner, _game, _puzzle, _letters);
END
$$
