-- PostgreSQL only: a guess's write in one round trip (SQLite: Progress.add_word's steps): the
-- owner (progress_owner, made when nobody is named), the puzzle (put_puzzle.sql), the word kept
-- once (add_word.sql; `changed`: it was new) and, when new, the change (progress_changed), and the
-- progress after (progress_rows).
CREATE OR REPLACE FUNCTION progress_add_word(
    _player text, _room text, _new_owner text, _new_secret text, _now text, _written_at text,
    _game text, _puzzle text, _letters text, _day integer, _points integer, _genius integer,
    _par integer, _word text, _word_points integer
) RETURNS TABLE (
    status text, changed boolean, word text, points integer, revealed integer, solved integer
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    who record;
    added integer;
BEGIN
    SELECT * INTO who
    FROM progress_owner(_player, _room, _new_owner, _new_secret, _now, _written_at, true);
    IF who.owner IS NULL THEN
        RETURN QUERY SELECT who.status, false, NULL::text, NULL::integer, NULL::integer, NULL::integer;
        RETURN;
    END IF;
    PERFORM progress_put_puzzle(who.owner, _game, _puzzle, _letters, _day, _points, _genius, _par);
    INSERT INTO words_found (owner_id, game, puzzle, letters, position, word, points, after_reveal)
    SELECT who.owner, _game, _puzzle, _letters,
        coalesce((
            SELECT max(kept.position) FROM words_found AS kept
            WHERE kept.owner_id = who.owner AND kept.game = _game AND kept.puzzle = _puzzle
                AND kept.letters = _letters
        ), 0) + 1,
        _word, _word_points, played.revealed
    FROM puzzles_played AS played
    WHERE played.owner_id = who.owner AND played.game = _game AND played.puzzle = _puzzle
        AND played.letters = _letters
    ON CONFLICT (owner_id, game, puzzle, letters, word) DO NOTHING;
    GET DIAGNOSTICS added = ROW_COUNT;
    IF added = 1 THEN
        PERFORM progress_changed(who.owner, _game, _puzzle, _letters,
            CASE WHEN _room IS NOT NULL THEN who.player END, ARRAY[_word]);
    END IF;
    RETURN QUERY SELECT * FROM progress_rows(who.status, added = 1, who.owner, _game, _puzzle, _letters);
END
$$
