-- Every game's official answers under one name, per game, date and word: what the dictionaries
-- are judged against. Each game fills its own rows
-- (games/<game>/sql/queries/scrape/<game>_official_answers.sql: Spelling Bee its answers,
-- Letter Boxed each day's NYT word list).
-- Key (game, date, word), unique; `game` a game of the games table: both stated rather than
-- declared (DuckDB would index 1.5 million keys), tests/test_invariants.py checks them.
-- Kept across runs (created when missing; each game's query replaces its own rows).
CREATE TABLE IF NOT EXISTS official_answers (
    game VARCHAR NOT NULL,
    date DATE NOT NULL,
    word VARCHAR NOT NULL CHECK (regexp_full_match(word, '[a-z]+'))
);
