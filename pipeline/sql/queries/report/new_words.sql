-- The custom dictionary on $game's new words beside every pair, from $first to $last (the
-- rolling backtest): per kind of pair (all, judged before, new: a word never eligible before),
-- the pairs, answers, predictions, precision, recall, F1, Brier score and ECE over probability
-- deciles (the new-word model is judged on the last row).
WITH pairs AS (
    SELECT
        CASE WHEN prior_verdicts > 0 THEN 'judged before' ELSE 'new' END AS kind,
        accepted::INTEGER AS y,
        predicted,
        probability AS p
    FROM backtest
    WHERE game = $game AND date BETWEEN $first AND $last
),
deciles AS (
    SELECT
        coalesce(kind, 'all') AS kind,
        count(*) AS n,
        abs(avg(p) - avg(y)) AS gap
    FROM pairs
    GROUP BY GROUPING SETS ((kind, least(floor(p * 10), 9)), (least(floor(p * 10), 9)))
),
calibration AS (
    SELECT kind, sum(n * gap) / sum(n) AS ece FROM deciles GROUP BY kind
),
counts AS (
    SELECT
        coalesce(kind, 'all') AS kind,
        count(*) AS pairs,
        sum(y) AS answers,
        count_if(predicted) AS predicted,
        count_if(predicted AND y = 1) AS hits,
        avg((p - y) ^ 2) AS brier
    FROM pairs
    GROUP BY ROLLUP (kind)
)
SELECT
    c.kind,
    c.pairs,
    c.answers,
    c.predicted,
    c.hits,
    precision_of(c.hits, c.predicted) AS precision,
    recall_of(c.hits, c.answers) AS recall,
    f1_of_counts(c.hits, c.predicted, c.answers) AS f1,
    c.brier,
    k.ece
FROM counts AS c
JOIN calibration AS k USING (kind)
ORDER BY list_position(['all', 'judged before', 'new'], c.kind);
