-- A single split: the words built from evidence up to $train_until (split_decisions, handed over
-- by backtest.py), judged on every later eligible pair of $game's backtest.
CREATE OR REPLACE TEMP TABLE split_predictions AS
SELECT b.date, b.word, b.accepted, coalesce(s.included, false) AS predicted
FROM backtest AS b
LEFT JOIN split_decisions AS s USING (word)
WHERE b.game = $game AND b.date > $train_until
ORDER BY b.date, b.word;
