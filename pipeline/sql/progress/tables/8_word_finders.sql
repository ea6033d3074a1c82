-- Who found each word of a room's puzzle (the player who sent it); a finder forgotten takes their
-- rows along, and the page says "a teammate".
CREATE TABLE IF NOT EXISTS word_finders (
    owner_id TEXT NOT NULL,
    game TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    letters TEXT NOT NULL,
    word TEXT NOT NULL,
    finder_id TEXT NOT NULL REFERENCES owners (owner_id) ON DELETE CASCADE,
    PRIMARY KEY (owner_id, game, puzzle, letters, word),
    FOREIGN KEY (owner_id, game, puzzle, letters)
        REFERENCES puzzles_played (owner_id, game, puzzle, letters) ON DELETE CASCADE
)
