-- Reliability of the custom probabilities for $game from $first to $last (the rolling backtest):
-- per kind of pair (a word judged before, a new word) and predicted-probability decile, the pairs,
-- the mean predicted probability and the observed acceptance rate.
SELECT
    CASE WHEN prior_verdicts > 0 THEN 'judged before' ELSE 'new' END AS kind,
    least(floor(probability * 10), 9)::INTEGER AS decile,
    count(*) AS pairs,
    avg(probability) AS predicted,
    avg(accepted::INTEGER) AS observed,
    abs(avg(probability) - avg(accepted::INTEGER)) AS gap
FROM backtest
WHERE game = $game AND date BETWEEN $first AND $last
GROUP BY kind, decile
ORDER BY kind, decile;
