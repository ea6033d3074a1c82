-- PostgreSQL only (made at start-up; SQLite runs the same steps in Python, Progress._owner): the
-- owner a write changes, as the request names it: the room whose code has the hash _room, else
-- the player whose token has the hash _player; when it names neither and _make, the player
-- _new_owner made now. Its last write is now (touch_owner.sql). `status`: known, made, nobody,
-- unknown-player or unknown-room (owner NULL).
CREATE OR REPLACE FUNCTION progress_owner(
    _player text, _room text, _new_owner text, _new_secret text, _now text, _written_at text,
    _make boolean
) RETURNS TABLE (owner text, status text) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    named_player text;
    named text;
BEGIN
    IF _player IS NOT NULL THEN
        SELECT owner_id INTO named_player FROM owners
        WHERE kind = 'player' AND secret_hash = _player;
        IF named_player IS NULL THEN
            RETURN QUERY SELECT NULL::text, 'unknown-player'::text;
            RETURN;
        END IF;
    END IF;
    IF _room IS NOT NULL THEN
        SELECT owner_id INTO named FROM owners WHERE kind = 'room' AND secret_hash = _room;
        IF named IS NULL THEN
            RETURN QUERY SELECT NULL::text, 'unknown-room'::text;
            RETURN;
        END IF;
    ELSE
        named := named_player;
    END IF;
    IF named IS NULL THEN
        IF _make AND _new_owner IS NOT NULL THEN
            INSERT INTO owners (owner_id, kind, secret_hash, created_at, written_at)
            VALUES (_new_owner, 'player', _new_secret, _now, _written_at);
            RETURN QUERY SELECT _new_owner, 'made'::text;
        ELSE
            RETURN QUERY SELECT NULL::text, 'nobody'::text;
        END IF;
        RETURN;
    END IF;
    UPDATE owners SET written_at = _written_at
    WHERE owner_id = named AND (written_at IS NULL OR written_at < _written_at);
    RETURN QUERY SELECT named, 'known'::text;
END
$$
