-- Whom progress belongs to: a player (a browser's cookie or an API client's bearer token) or a
-- room (a game friends fill together), each known by the hash of its secret, never the secret;
-- `unclaimed` holds the progress of a store from before players until a page's cookie claims it.
-- One never written to, or not for long, is forgotten (purge.sql).
CREATE TABLE IF NOT EXISTS owners (
    owner_id TEXT PRIMARY KEY,  -- random; never leaves the server
    kind TEXT NOT NULL CHECK (kind IN ('player', 'room', 'unclaimed')),
    secret_hash TEXT UNIQUE,  -- sha256 (hex) of the player's token or the room's code
    created_at TEXT NOT NULL,  -- UTC, ISO 8601
    written_at TEXT,  -- its last write, to the minute (UTC, ISO 8601); NULL: never written to
    CHECK ((kind = 'unclaimed') = (secret_hash IS NULL))
)
