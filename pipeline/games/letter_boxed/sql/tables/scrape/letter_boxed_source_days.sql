-- Each source's parsed and valid Letter Boxed record per date (upserted from new_letter_boxed_days, which
-- scrape.py hands over).
-- Kept across runs (created when missing; games/letter_boxed/sql/queries/scrape/letter_boxed_source_days.sql adds to it).
CREATE TABLE IF NOT EXISTS letter_boxed_source_days (
    date DATE NOT NULL,
    source VARCHAR NOT NULL,  -- a Letter Boxed source of answer_sources (tests/test_invariants.py)
    sides VARCHAR[] NOT NULL CHECK (len(sides) = 4),
    nyt_solution VARCHAR[] NOT NULL,
    par INTEGER,
    nyt_id INTEGER,
    dictionary VARCHAR[],
    yesterdays_sides VARCHAR[],
    yesterdays_solution VARCHAR[],
    url VARCHAR NOT NULL,
    loaded_at TIMESTAMP NOT NULL,
    PRIMARY KEY (date, source)
);
