-- What the offensive-word guard did to $game's backtest from $first to $last: the pairs it kept
-- out (accepted or not), and micro precision, recall and F1 with and without it.
WITH window_pairs AS (
    SELECT accepted, predicted, predicted OR guard_changed AS unguarded, guard_changed
    FROM backtest
    WHERE game = $game AND date BETWEEN $first AND $last
),
counts AS (
    SELECT
        'with the guard' AS dictionary,
        count(*) FILTER (WHERE guard_changed) AS pairs_changed,
        count(*) FILTER (WHERE guard_changed AND accepted) AS accepted_kept_out,
        count(*) FILTER (WHERE accepted AND predicted) AS hits,
        count(*) FILTER (WHERE predicted) AS predicted,
        count(*) FILTER (WHERE accepted) AS answers
    FROM window_pairs
    UNION ALL
    SELECT
        'without the guard',
        0,
        0,
        count(*) FILTER (WHERE accepted AND unguarded),
        count(*) FILTER (WHERE unguarded),
        count(*) FILTER (WHERE accepted)
    FROM window_pairs
)
SELECT dictionary, pairs_changed, accepted_kept_out, precision, recall, f1
FROM micro_scores(counts);
