-- A single split: the words built from evidence up to $train_until (split_decisions), judged on
-- every later eligible pair of the game's backtest table $backtest_table.
CREATE OR REPLACE TEMP TABLE split_predictions AS
SELECT b.date, b.word, b.accepted, coalesce(s.included, false) AS predicted
FROM query_table($backtest_table) AS b
LEFT JOIN split_decisions AS s USING (word)
WHERE b.date > $train_until
ORDER BY b.date, b.word;
