-- What the NYT's puzzles look like, learned from the whole archive by the build's style step
-- (games/<game>/style.py), kept across runs one game at a time: for each feature (a letter, the center, vowels, letter pairs never
-- combined, S by year, answer and point zones, letter-set reuse; for boards, vowels per side,
-- par and two-word solutions) the share of the NYT's puzzles with each value, and where it
-- applies the share of the candidates (every honeycomb of the custom list) with it.
CREATE TABLE IF NOT EXISTS nyt_style (
    game VARCHAR NOT NULL REFERENCES games (name),
    feature VARCHAR NOT NULL,
    value VARCHAR NOT NULL,
    position INTEGER NOT NULL,  -- the order values are shown in
    nyt_puzzles INTEGER NOT NULL CHECK (nyt_puzzles >= 0),
    nyt_share DOUBLE NOT NULL CHECK (nyt_share BETWEEN 0 AND 1),
    candidate_share DOUBLE CHECK (candidate_share BETWEEN 0 AND 1),
    PRIMARY KEY (game, feature, value)
);
