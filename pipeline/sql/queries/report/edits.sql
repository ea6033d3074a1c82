-- The hand edits of $game (dictionary_edits) and the pairs from $first to $last they would have
-- changed in the backtest (the edit's decision differs from the prediction), and how many of
-- those changes the NYT's verdict agrees with.
SELECT
    e.line_number,
    e.word,
    CASE WHEN e.included THEN 'in' ELSE 'out' END AS edit,
    e.reason,
    count(b.word) FILTER (WHERE b.predicted <> e.included) AS pairs_changed,
    count(b.word) FILTER (WHERE b.predicted <> e.included AND b.accepted = e.included)
        AS changed_right
FROM dictionary_edits AS e
LEFT JOIN backtest AS b
    ON b.game = e.game AND b.word = e.word AND b.date BETWEEN $first AND $last
WHERE e.game = $game
GROUP BY e.line_number, e.word, e.included, e.reason
ORDER BY e.line_number;
