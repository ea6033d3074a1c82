-- Each word an owner found in a puzzle, in the order found (a Letter Boxed chain's order).
CREATE TABLE IF NOT EXISTS words_found (
    owner_id TEXT NOT NULL,
    game TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    letters TEXT NOT NULL,
    position INTEGER NOT NULL CHECK (position > 0),
    word TEXT NOT NULL,
    points INTEGER CHECK (points >= 0),  -- its points in the game (NULL: found before players)
    after_reveal INTEGER NOT NULL DEFAULT 0 CHECK (after_reveal IN (0, 1)),  -- found once the answers were shown
    PRIMARY KEY (owner_id, game, puzzle, letters, word),
    FOREIGN KEY (owner_id, game, puzzle, letters)
        REFERENCES puzzles_played (owner_id, game, puzzle, letters) ON DELETE CASCADE
)
