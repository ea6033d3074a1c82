-- The first and last puzzle date of the current game's backtest.
SELECT min(date) AS first, max(date) AS last FROM report_backtest;
