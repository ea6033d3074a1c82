-- One word's eligible puzzles and acceptances per year in $game.
SELECT year(date)::VARCHAR AS year, count(*) AS eligible, count(*) FILTER (WHERE accepted) AS accepted,
       count(*) FILTER (WHERE predicted = accepted) AS predicted_right
FROM backtest
WHERE game = $game AND word = $word
GROUP BY year
ORDER BY year;
