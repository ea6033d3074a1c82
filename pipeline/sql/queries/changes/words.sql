-- The NYT's changes of mind in $game from $first to $last (NULL: the archive's ends), one row
-- per word it both accepted and left out in that window (only $word when given; only the words
-- with a flip of $kind unless it is 'all'): its verdicts, its flips (a verdict unlike the one
-- before, unless made during the day: a correction), and its state as of its last verdict.
WITH window_rows AS (
    SELECT *
    FROM verdict_changes
    WHERE game = $game
      AND ($first IS NULL OR date >= $first)
      AND ($last IS NULL OR date <= $last)
      AND ($word IS NULL OR word = $word)
),
both_verdicts AS (
    SELECT word FROM window_rows GROUP BY word HAVING bool_or(accepted) AND NOT bool_and(accepted)
),
flipped AS (
    SELECT
        *,
        CASE
            WHEN correction IS NOT NULL THEN NULL
            WHEN lag(accepted) OVER by_word AND NOT accepted THEN 'accepted-then-rejected'
            WHEN NOT lag(accepted) OVER by_word AND accepted THEN 'rejected-then-accepted'
        END AS flip
    FROM window_rows
    SEMI JOIN both_verdicts USING (word)
    WINDOW by_word AS (PARTITION BY word ORDER BY date)
)
SELECT
    word,
    count(*)::INTEGER AS verdict_count,
    count_if(accepted)::INTEGER AS accepted_count,
    count_if(NOT accepted)::INTEGER AS left_out_count,
    count(flip)::INTEGER AS flip_count,
    CASE WHEN arg_max(accepted, date) THEN 'in' ELSE 'out' END AS state,
    max(date) AS last_date,
    coalesce(list({'date': date, 'change': flip} ORDER BY date) FILTER (WHERE flip IS NOT NULL), [])
        AS flips,
    list({'date': date, 'accepted': accepted, 'correction': correction} ORDER BY date) AS history
FROM flipped
GROUP BY word
HAVING $kind = 'all' OR list_contains(list(flip), $kind)
ORDER BY flip_count DESC, word;
