-- The first and last puzzle date of $game's backtest.
SELECT min(date) AS first, max(date) AS last FROM backtest WHERE game = $game;
