-- Keep the words of $game's universe by id (the universe table is the next game's once it is
-- built): its backtest, stored once the next game's style is learning, names its words from them.
CREATE TEMP TABLE IF NOT EXISTS kept_universe (game VARCHAR, word_id INTEGER, word VARCHAR);
DELETE FROM kept_universe WHERE game = $game;
INSERT INTO kept_universe SELECT $game, word_id, word FROM universe;
