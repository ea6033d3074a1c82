-- Every past puzzle of the current game where the word was eligible: the NYT verdict and the
-- backtest prediction (made on evidence from before that date).
SELECT date, accepted, predicted
FROM report_backtest
WHERE word = $word
ORDER BY date;
