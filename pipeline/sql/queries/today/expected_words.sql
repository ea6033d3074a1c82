-- The words the custom dictionary predicted for each of $game's puzzles from $first to $last in
-- the rolling backtest (on the evidence from before that day), by date: no row for a day the
-- backtest does not hold, an empty list for a day it predicted nothing of.
SELECT date, coalesce(list(word ORDER BY word) FILTER (WHERE predicted), []) AS words
FROM backtest
WHERE game = $game AND date BETWEEN $first AND $last
GROUP BY date
ORDER BY date;
