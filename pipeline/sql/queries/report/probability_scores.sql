-- Brier score, log loss and expected calibration error (ECE, over probability deciles) of the
-- custom probabilities for $game from $first to $last, beside two simple baselines whose
-- probabilities are the window's own acceptance rates (fitted in-sample, which flatters them):
--   last verdict: one rate per last verdict (accepted, rejected, never judged);
--   list membership: one rate for the words the custom list holds, one for the rest.
-- Per kind of pair (all, judged before, new). The window's pairs come grouped by what the scores
-- read (a few thousand distinct rows, each counted n times), so every sum and mean is weighted
-- by n; one pass sums each model's errors per kind and decile (and per decile over all kinds).
WITH window_pairs AS (
    SELECT
        accepted::INTEGER AS y,
        probability AS custom,
        coalesce(last_accepted::VARCHAR, 'new') AS last_verdict,
        predicted,
        CASE WHEN prior_verdicts > 0 THEN 'judged before' ELSE 'new' END AS kind,
        count(*) AS n
    FROM backtest
    WHERE game = $game AND date BETWEEN $first AND $last
    GROUP BY ALL
),
last_verdict_rates AS (
    SELECT last_verdict, sum(n * y) / sum(n) AS last_verdict_rate
    FROM window_pairs
    GROUP BY last_verdict
),
list_membership_rates AS (
    SELECT predicted, sum(n * y) / sum(n) AS list_membership_rate
    FROM window_pairs
    GROUP BY predicted
),
with_baselines AS (
    SELECT *
    FROM window_pairs
    JOIN last_verdict_rates USING (last_verdict)
    JOIN list_membership_rates USING (predicted)
),
predictions AS (
    UNPIVOT with_baselines
    ON custom, last_verdict_rate, list_membership_rate
    INTO NAME model VALUE p
),
deciles AS (
    SELECT
        model,
        coalesce(kind, 'all') AS kind,
        sum(n) AS n,
        abs(sum(n * p) / sum(n) - sum(n * y) / sum(n)) AS gap,
        sum(n * (p - y) ^ 2) AS squared_error,
        sum(n * (y * ln(greatest(p, 1e-6)) + (1 - y) * ln(greatest(1 - p, 1e-6))))
            AS log_likelihood
    FROM predictions
    GROUP BY GROUPING SETS (
        (model, kind, least(floor(p * 10), 9)), (model, least(floor(p * 10), 9))
    )
)
SELECT
    replace(model, '_rate', '') AS model,
    kind,
    sum(n)::BIGINT AS pairs,
    sum(squared_error) / sum(n) AS brier,
    -(sum(log_likelihood) / sum(n)) AS log_loss,
    sum(n * gap) / sum(n) AS ece
FROM deciles
GROUP BY model, kind
ORDER BY list_position(['all', 'judged before', 'new'], kind),
         list_position(['custom', 'last_verdict_rate', 'list_membership_rate'], model);
