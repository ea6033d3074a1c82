-- How the custom dictionary's rolling backtest handled each flip of $game (verdict_changes: a
-- verdict unlike the one before on a word the NYT both accepted and left out), per year and kind:
-- the flips, and how many the backtest predicted right (on the evidence before their day).
SELECT
    year(v.date)::VARCHAR AS year,
    v.change AS kind,
    count(*) AS flips,
    count_if(b.predicted = b.accepted) AS predicted_right,
    count_if(b.predicted IS NULL) AS not_in_backtest
FROM verdict_changes AS v
LEFT JOIN backtest AS b ON b.game = v.game AND b.date = v.date AND b.word = v.word
WHERE v.game = $game AND v.change IS NOT NULL
GROUP BY ALL
ORDER BY year, kind;
