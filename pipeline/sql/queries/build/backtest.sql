-- Fills the backtest table (sql/tables/build/backtest.sql) from backtest_rows and the universe's
-- words by id, backtest_words (both handed over by build_store.py, through the connection of the
-- thread that stores it while the next game is built).
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
JOIN backtest_words AS u USING (word_id);
-- no ORDER BY: the rows come by word, then day (build.store_backtest), and a sort costs 2 s
