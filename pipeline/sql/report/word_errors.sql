-- The custom dictionary's most frequent errors in $game from $first to $last: missed words
-- (official answers it left out) when $missed, else extra words (predicted but not accepted), with
-- the evidence: counts in the window, the prior verdicts at the last error, and today's decision.
-- Only the words with an error are counted (a few thousand of the window's pairs' words).
WITH window_pairs AS (
    SELECT
        *,
        CASE WHEN $missed THEN accepted AND NOT custom ELSE custom AND NOT accepted END AS is_error
    FROM report_pairs
    WHERE game = $game AND date BETWEEN $first AND $last AND custom IS NOT NULL
),
error_words AS (
    SELECT DISTINCT word FROM window_pairs WHERE is_error
),
errors AS (
    SELECT
        word,
        count(*) FILTER (WHERE is_error) AS times,
        count(*) AS eligible,
        count(*) FILTER (WHERE accepted) AS accepted,
        max(date) FILTER (WHERE is_error) AS last_error,
        arg_max(prior_verdicts, date) FILTER (WHERE is_error)::BIGINT AS prior_verdicts,
        arg_max(prior_accepted, date) FILTER (WHERE is_error)::BIGINT AS prior_accepted
    FROM window_pairs
    SEMI JOIN error_words USING (word)
    GROUP BY word
)
SELECT
    e.*,
    c.included AS included_now,
    c.bucket,
    c.bucket_rate,
    c.reason
FROM errors AS e
LEFT JOIN custom_words AS c ON c.game = $game AND c.word = e.word
ORDER BY e.times DESC, e.eligible DESC, e.word
LIMIT $limit;
