-- The NYT's Letter Boxed boards with the figures the style reads, computed on the custom list:
-- how many words it allows, its one- and two-word solutions, and its par. Built whole by the
-- build's style step (games/<game>/style.py); difficulty percentiles of generated boards rank among
-- the last two years of them.
CREATE OR REPLACE TABLE letter_boxed_boards (
    date DATE PRIMARY KEY,
    sides VARCHAR[] NOT NULL CHECK (len(sides) = 4),
    par INTEGER,
    words INTEGER NOT NULL CHECK (words >= 0),
    one_word_solutions INTEGER NOT NULL CHECK (one_word_solutions >= 0),
    two_word_solutions INTEGER NOT NULL CHECK (two_word_solutions >= 0),
    likeness DOUBLE NOT NULL CHECK (likeness BETWEEN 0 AND 1)
);
