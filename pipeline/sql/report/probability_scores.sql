-- Brier score, log loss and expected calibration error (ECE, over probability deciles) of the
-- custom probabilities for $game from $first to $last, beside two simple baselines whose
-- probabilities are the window's own acceptance rates (fitted in-sample, which flatters them):
--   last verdict: one rate per last verdict (accepted, rejected, never judged);
--   list membership: one rate for the words the custom list holds, one for the rest.
-- Per kind of pair (all, judged before, new).
WITH window_pairs AS (
    SELECT
        accepted::INTEGER AS y,
        probability AS custom,
        coalesce(last_accepted::VARCHAR, 'new') AS last_verdict,
        predicted,
        CASE WHEN prior_verdicts > 0 THEN 'judged before' ELSE 'new' END AS kind
    FROM backtest
    WHERE game = $game AND date BETWEEN $first AND $last
),
with_baselines AS (
    SELECT
        *,
        avg(y) OVER (PARTITION BY last_verdict) AS last_verdict_rate,
        avg(y) OVER (PARTITION BY predicted) AS list_membership_rate
    FROM window_pairs
),
predictions AS (
    UNPIVOT with_baselines
    ON custom, last_verdict_rate, list_membership_rate
    INTO NAME model VALUE p
),
kinds AS (
    SELECT model, kind, y, p FROM predictions
    UNION ALL
    SELECT model, 'all', y, p FROM predictions
),
deciles AS (
    SELECT model, kind, count(*) AS n, abs(avg(p) - avg(y)) AS gap
    FROM kinds
    GROUP BY model, kind, least(floor(p * 10), 9)
),
ece AS (
    SELECT model, kind, sum(n * gap) / sum(n) AS ece FROM deciles GROUP BY model, kind
)
SELECT
    replace(k.model, '_rate', '') AS model,
    k.kind,
    count(*) AS pairs,
    avg((k.p - k.y) ^ 2) AS brier,
    -avg(k.y * ln(greatest(k.p, 1e-6)) + (1 - k.y) * ln(greatest(1 - k.p, 1e-6))) AS log_loss,
    any_value(e.ece) AS ece
FROM kinds AS k
JOIN ece AS e USING (model, kind)
GROUP BY k.model, k.kind
ORDER BY list_position(['all', 'judged before', 'new'], k.kind),
         list_position(['custom', 'last_verdict_rate', 'list_membership_rate'], k.model);
