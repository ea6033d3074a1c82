-- The players' progress (SQLite, progress.sqlite beside the warehouse): each word found in a
-- puzzle of `pipeline serve`, in the order found (a Letter Boxed chain's order).
CREATE TABLE IF NOT EXISTS found_words (
    game TEXT NOT NULL,
    puzzle TEXT NOT NULL,       -- the puzzle's id: a date or a generated id
    letters TEXT NOT NULL,      -- its letters (center first; a board's sides in order)
    position INTEGER NOT NULL,  -- the order the words were found
    word TEXT NOT NULL,
    PRIMARY KEY (game, puzzle, letters, word)
)
