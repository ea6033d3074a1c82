-- Fills the backtest table (sql/tables/build/backtest.sql) from backtest_rows (handed over by
-- build.py) and the game's universe, kept by build/keep_universe.sql.
DELETE FROM backtest WHERE game = $game;

INSERT INTO backtest
SELECT
    $game,
    DATE '1970-01-01' + b.day,
    u.word,
    b.accepted,
    b.predicted,
    b.prior_verdicts,
    b.prior_accepted,
    CASE WHEN b.prior_verdicts > 0 THEN b.last_accepted END,
    b.probability,
    b.guarded,
    b.guard_changed
FROM backtest_rows AS b
JOIN kept_universe AS u ON u.game = $game AND u.word_id = b.word_id;
-- no ORDER BY: the rows come by word, then day (build.store_backtest), and a sort costs 2 s
DELETE FROM kept_universe WHERE game = $game;
