-- The words the custom dictionary predicted for $game's puzzle of $date in the rolling backtest
-- (on the evidence from before that date), and whether the day is in the backtest at all.
SELECT word, predicted
FROM backtest
WHERE game = $game AND date = $date
ORDER BY word;
