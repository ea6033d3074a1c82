-- The games of the registry (pipeline/games/__init__.py), written by every stage before its
-- work: the tables that hold a `game` column reference it (or, for the largest ones, state the
-- reference and tests/test_invariants.py checks it).
-- Kept across runs (created when missing; sql/queries/registry/games.sql adds new games).
CREATE TABLE IF NOT EXISTS games (
    name VARCHAR PRIMARY KEY CHECK (regexp_full_match(name, '[a-z]+(-[a-z]+)*')),
    title VARCHAR NOT NULL,
    min_length INTEGER NOT NULL CHECK (min_length > 0),
    official_answers VARCHAR NOT NULL
);
