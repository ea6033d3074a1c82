-- The custom dictionary's most frequent errors in $game from $first to $last, the $limit most
-- frequent of each kind: missed words (official answers it left out) and extra words (predicted
-- but not accepted), with the evidence: counts in the window, the prior verdicts at the last
-- error, and today's decision. Only the words with an error are counted in full.
WITH window_pairs AS (
    SELECT *
    FROM report_pairs
    WHERE game = $game AND date BETWEEN $first AND $last AND custom IS NOT NULL
),
errors AS (
    SELECT
        CASE WHEN accepted THEN 'missed' ELSE 'extra' END AS kind,
        word,
        count(*) AS times,
        max(date) AS last_error,
        arg_max(prior_verdicts, date)::BIGINT AS prior_verdicts,
        arg_max(prior_accepted, date)::BIGINT AS prior_accepted
    FROM window_pairs
    WHERE custom <> accepted
    GROUP BY kind, word
),
eligible AS (
    SELECT word, count(*) AS eligible, count(*) FILTER (WHERE accepted) AS accepted
    FROM window_pairs
    SEMI JOIN errors USING (word)
    GROUP BY word
),
most_frequent AS (
    SELECT e.kind, e.word, e.times, g.eligible, g.accepted, e.last_error, e.prior_verdicts,
        e.prior_accepted
    FROM errors AS e
    JOIN eligible AS g USING (word)
    QUALIFY row_number() OVER (
        PARTITION BY e.kind ORDER BY e.times DESC, g.eligible DESC, e.word
    ) <= $limit
)
SELECT
    m.*,
    c.included AS included_now,
    c.bucket,
    c.bucket_rate,
    c.reason
FROM most_frequent AS m
LEFT JOIN custom_words AS c ON c.game = $game AND c.word = m.word
ORDER BY m.kind, m.times DESC, m.eligible DESC, m.word;
