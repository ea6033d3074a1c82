-- The maybe tier of $game from $first to $last: the pairs whose probability lies in the stored
-- band (dictionary_rules.maybe_low .. maybe_high, the guarded words left out), per kind of pair,
-- with the custom list's errors and how many of them the tier holds.
WITH band AS (
    SELECT maybe_low, maybe_high FROM dictionary_rules WHERE game = $game
),
window_pairs AS (
    SELECT
        b.date,
        CASE WHEN b.prior_verdicts > 0 THEN 'judged before' ELSE 'new' END AS kind,
        b.predicted <> b.accepted AS is_error,
        b.probability >= band.maybe_low AND b.probability < band.maybe_high
            AND NOT b.guarded AS is_maybe
    FROM backtest AS b, band
    WHERE b.game = $game AND b.date BETWEEN $first AND $last
)
SELECT
    coalesce(kind, 'all') AS kind,
    count(DISTINCT date) AS puzzles,
    count(*) FILTER (WHERE is_maybe) AS maybe_pairs,
    count(*) FILTER (WHERE is_maybe) / count(DISTINCT date) AS maybe_per_puzzle,
    count(*) FILTER (WHERE is_error) AS errors,
    count(*) FILTER (WHERE is_error AND is_maybe) AS errors_held,
    CASE WHEN count(*) FILTER (WHERE is_error) > 0
         THEN count(*) FILTER (WHERE is_error AND is_maybe) / count(*) FILTER (WHERE is_error)
    END AS share_held
FROM window_pairs
GROUP BY ROLLUP (kind)
ORDER BY kind NULLS FIRST;
