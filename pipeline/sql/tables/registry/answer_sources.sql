-- The answer sources of every game (pipeline/games/<game>/answer_sources/, gathered by
-- pipeline/sources/__init__.py): one row per source and game,
-- with its precedence (of two sources giving the same day, the lower number wins: the merges read
-- it), its first date and when it takes its copy of a day.
-- Kept across runs (created when missing; sql/queries/registry/answer_sources.sql rewrites it).
CREATE TABLE IF NOT EXISTS answer_sources (
    source VARCHAR NOT NULL,
    game VARCHAR NOT NULL REFERENCES games (name),
    kind VARCHAR NOT NULL CHECK (kind IN ('bulk', 'daily', 'live')),
    url VARCHAR NOT NULL CHECK (starts_with(url, 'https://')),
    precedence INTEGER NOT NULL CHECK (precedence > 0),
    first_date DATE CHECK ((first_date IS NULL) = (kind = 'live')),
    timing VARCHAR NOT NULL,
    PRIMARY KEY (source, game)
);
