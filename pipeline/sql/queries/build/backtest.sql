-- Fills the backtest table (sql/tables/build/backtest.sql).
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
JOIN universe AS u USING (word_id);  -- no ORDER BY: the rows come by day, and a sort costs 2 s
