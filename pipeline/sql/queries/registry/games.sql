-- Fills the games table (sql/tables/registry/games.sql) from registered_games, which
-- stages/stage.py hands over from the registry: a new game is added, a known one updated.
INSERT OR REPLACE INTO games
SELECT name, title, min_length::INTEGER, official_answers FROM registered_games;
