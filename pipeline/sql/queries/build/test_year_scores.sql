-- Micro precision, recall and F1 of $game's stored backtest from $first to $last (the year after
-- the one the rule is chosen on, as `pipeline report` scores that window): over every pair
-- (`all`) and over the pairs of new words, never eligible before (`new`).
WITH counts AS (
    SELECT
        kind,
        count_if(predicted AND accepted) AS hits,
        count_if(predicted) AS predicted,
        count_if(accepted) AS answers
    FROM backtest, unnest(CASE WHEN prior_verdicts = 0 THEN ['all', 'new'] ELSE ['all'] END) AS k(kind)
    WHERE game = $game AND date BETWEEN $first AND $last
    GROUP BY kind
)
SELECT kind, precision, recall, f1
FROM micro_scores(counts)
ORDER BY kind;
