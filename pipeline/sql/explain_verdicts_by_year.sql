-- One word's eligible puzzles and acceptances per year in the current game.
SELECT year(date)::VARCHAR AS year, count(*) AS eligible, count(*) FILTER (WHERE accepted) AS accepted,
       count(*) FILTER (WHERE predicted = accepted) AS predicted_right
FROM report_backtest
WHERE word = $word
GROUP BY year
ORDER BY year;
