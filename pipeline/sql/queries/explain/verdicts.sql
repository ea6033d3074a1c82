-- Every past puzzle of $game where the word was eligible: the NYT verdict and the backtest
-- prediction (made on evidence from before that date).
SELECT date, accepted, predicted
FROM backtest
WHERE game = $game AND word = $word
ORDER BY date;
