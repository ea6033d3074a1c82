-- PostgreSQL only (made at start-up; SQLite runs the same steps in Python, Progress._owner): the
-- owner a write changes, as the request names it: the room whose code has the hash _room, else
-- the player whose token has the hash _player; when it names no player and _make, the player
-- _new_owner made now (outside a room the owner, in a room its words' finder). Its last write is
-- now (touch_owner.sql). `status`: known, made, nobody, unknown-player or unknown-room (owner
-- NULL); `player`: the player named or made.
CREATE OR REPLACE FUNCTION progress_owner(
    _player text, _room text, _new_owner text, _new_secret text, _now text, _written_at text,
    _make boolean
) RETURNS TABLE (owner text, status text, player text) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    named_player text;
    named text;
    outcome text;
BEGIN
    IF _player IS NOT NULL THEN
        SELECT owner_id INTO named_player FROM owners
        WHERE kind = 'player' AND secret_hash = _player;
        IF named_player IS NULL THEN
            RETURN QUERY SELECT NULL::text, 'unknown-player'::text, NULL::text;
            RETURN;
        END IF;
    END IF;
    IF _room IS NOT NULL THEN
        SELECT owner_id INTO named FROM owners WHERE kind = 'room' AND secret_hash = _room;
        IF named IS NULL THEN
            RETURN QUERY SELECT NULL::text, 'unknown-room'::text, NULL::text;
            RETURN;
        END IF;
    END IF;
    IF named_player IS NULL AND _make AND _new_owner IS NOT NULL THEN
        INSERT INTO owners (owner_id, kind, secret_hash, created_at, written_at)
        VALUES (_new_owner, 'player', _new_secret, _now, _written_at);
        named_player := _new_owner;
        outcome := 'made';
    ELSE
        outcome := 'known';
    END IF;
    IF _room IS NULL THEN
        named := named_player;
    END IF;
    IF named IS NULL THEN
        RETURN QUERY SELECT NULL::text, 'nobody'::text, NULL::text;
        RETURN;
    END IF;
    UPDATE owners SET written_at = _written_at
    WHERE owner_id = named AND (written_at IS NULL OR written_at < _written_at);
    RETURN QUERY SELECT named, outcome, named_player;
END
$$
