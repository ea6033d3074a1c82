-- PostgreSQL only: what every write function answers, the owner's progress in the puzzle after
-- it (progress_of.sql's rows for a known owner), with the owner's status and whether the write
-- changed something; one row with word NULL when there is no word.
CREATE OR REPLACE FUNCTION progress_rows(
    _status text, _changed boolean, _owner text, _game text, _puzzle text, _letters text
) RETURNS TABLE (
    status text, changed boolean, word text, points integer, revealed integer, solved integer
) LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN  -- plpgsql, not sql: a plpgsql function's plans are kept for the session, a sql one's not
    RETURN QUERY
    SELECT _status, _changed, found.word, found.points, played.revealed, played.solved
    FROM (SELECT 1) AS one
    LEFT JOIN puzzles_played AS played
        ON played.owner_id = _owner AND played.game = _game AND played.puzzle = _puzzle
        AND played.letters = _letters
    LEFT JOIN words_found AS found
        ON found.owner_id = played.owner_id AND found.game = played.game
        AND found.puzzle = played.puzzle AND found.letters = played.letters
    ORDER BY found.position, found.word;
END
$$
