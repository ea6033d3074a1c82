-- Each source's parsed and valid Spelling Bee record per date (upserted from new_spelling_bee_days, which
-- scrape.py hands over).
-- Kept across runs (created when missing; games/spelling_bee/sql/queries/scrape/spelling_bee_source_days.sql adds to it).
CREATE TABLE IF NOT EXISTS spelling_bee_source_days (
    date DATE NOT NULL,
    source VARCHAR NOT NULL,  -- a Spelling Bee source of answer_sources (tests/test_invariants.py)
    center VARCHAR NOT NULL CHECK (regexp_full_match(center, '[a-z]')),
    others VARCHAR NOT NULL CHECK (regexp_full_match(others, '[a-z]{6}')),
    answers VARCHAR[] NOT NULL,
    pangrams VARCHAR[] NOT NULL,
    points INTEGER NOT NULL CHECK (points > 0),  -- the answers' total score (solvers.spelling_bee_scoring)
    not_accepted VARCHAR[],  -- the words a source lists as not accepted (nytbee.com only)
    url VARCHAR NOT NULL,
    loaded_at TIMESTAMP NOT NULL,
    PRIMARY KEY (date, source)
);
