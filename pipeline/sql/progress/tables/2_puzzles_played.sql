-- Each puzzle an owner wrote to, with what its statistics need to know of the puzzle (written by
-- the server with each write: the facts of the puzzle as it was played).
CREATE TABLE IF NOT EXISTS puzzles_played (
    owner_id TEXT NOT NULL REFERENCES owners (owner_id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    puzzle TEXT NOT NULL,  -- its id: a date or a generated id
    letters TEXT NOT NULL,  -- its letters (center first; a board's sides in order)
    day INTEGER,  -- an NYT puzzle's date as a day number (Python's date.toordinal()); NULL: generated
    points INTEGER CHECK (points >= 0),  -- Spelling Bee: every answer's points (Queen Bee); NULL: unknown
    genius INTEGER CHECK (genius >= 0),  -- Spelling Bee: the points Genius needs
    par INTEGER CHECK (par > 0),  -- Letter Boxed: the NYT's par, when known
    solved INTEGER NOT NULL DEFAULT 0 CHECK (solved IN (0, 1)),  -- Letter Boxed: the chain solves it, without a reveal
    revealed INTEGER NOT NULL DEFAULT 0 CHECK (revealed IN (0, 1)),  -- the answers were shown
    PRIMARY KEY (owner_id, game, puzzle, letters)
)
