-- PostgreSQL only: a valid chain's write in one round trip (SQLite: Progress.replace_chain's
-- steps): the owner, the puzzle, its words made exactly this chain (_words, in order; clear_words,
-- put_word), whether it solves the board without a reveal (set_solved), the change (in a room,
-- who found the words not in the chain before: progress_changed), and the progress after.
CREATE OR REPLACE FUNCTION progress_replace_chain(
    _player text, _room text, _new_owner text, _new_secret text, _now text, _written_at text,
    _game text, _puzzle text, _letters text, _day integer, _points integer, _genius integer,
    _par integer, _words text[], _solved integer
) RETURNS TABLE (
    status text, changed boolean, word text, points integer, revealed integer, solved integer
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    who record;
    before text[];
BEGIN
    SELECT * INTO who
    FROM progress_owner(_player, _room, _new_owner, _new_secret, _now, _written_at, true);
    IF who.owner IS NULL THEN
        RETURN QUERY SELECT who.status, false, NULL::text, NULL::integer, NULL::integer, NULL::integer;
        RETURN;
    END IF;
    PERFORM progress_put_puzzle(who.owner, _game, _puzzle, _letters, _day, _points, _genius, _par);
    SELECT coalesce(array_agg(kept.word), '{}') INTO before FROM words_found AS kept
    WHERE kept.owner_id = who.owner AND kept.game = _game AND kept.puzzle = _puzzle
        AND kept.letters = _letters;
    DELETE FROM words_found
    WHERE owner_id = who.owner AND game = _game AND puzzle = _puzzle AND letters = _letters;
    INSERT INTO words_found (owner_id, game, puzzle, letters, position, word, points, after_reveal)
    SELECT who.owner, _game, _puzzle, _letters, chain.position, chain.word, 0, played.revealed
    FROM unnest(_words) WITH ORDINALITY AS chain (word, position)
    JOIN puzzles_played AS played
        ON played.owner_id = who.owner AND played.game = _game AND played.puzzle = _puzzle
        AND played.letters = _letters
    ON CONFLICT (owner_id, game, puzzle, letters, word) DO NOTHING;
    UPDATE puzzles_played SET solved = CASE WHEN revealed = 1 THEN 0 ELSE _solved END
    WHERE owner_id = who.owner AND game = _game AND puzzle = _puzzle AND letters = _letters;
    PERFORM progress_changed(who.owner, _game, _puzzle, _letters,
        CASE WHEN _room IS NOT NULL THEN who.player END,
        ARRAY(SELECT chained FROM unnest(_words) AS chained WHERE chained <> ALL (before)));
    RETURN QUERY SELECT * FROM progress_rows(who.status, true, who.owner, _game, _puzzle, _letters);
END
$$
