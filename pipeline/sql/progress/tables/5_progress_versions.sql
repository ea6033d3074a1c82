-- How far each owner's puzzle has changed: every write to it (a word found, a chain, a restart, a
-- reveal) gives it the store's next version, in the write's transaction. A client asks with the
-- version's ETag and gets 304 while it is the same; a SQLite store's live feed reads the versions
-- written since the last it saw (`changes_since`), in the order their writers took turns.
CREATE TABLE IF NOT EXISTS progress_versions (
    owner_id TEXT NOT NULL,
    game TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    letters TEXT NOT NULL,
    version BIGINT NOT NULL CHECK (version > 0),
    PRIMARY KEY (owner_id, game, puzzle, letters),
    FOREIGN KEY (owner_id, game, puzzle, letters)
        REFERENCES puzzles_played (owner_id, game, puzzle, letters) ON DELETE CASCADE
)
