-- Stage the build's results: every backtest pair, and each universe word's evidence with the
-- custom dictionary's decision. Reads backtest_frame and decision_frame (registered arrays).
CREATE OR REPLACE TEMP TABLE built_backtest AS
SELECT
    date::DATE AS date,
    word,
    accepted,
    predicted,
    prior_verdicts::INTEGER AS prior_verdicts,
    prior_accepted::INTEGER AS prior_accepted,
    CASE WHEN prior_verdicts > 0 THEN last_accepted END AS last_accepted
FROM backtest_frame
ORDER BY date, word;

CREATE OR REPLACE TEMP TABLE built_custom AS
WITH verdict_dates AS (
    SELECT
        word,
        max(date) AS last_verdict_date,
        max(date) FILTER (WHERE accepted) AS last_accepted_date,
        max(date) FILTER (WHERE NOT accepted) AS last_rejected_date
    FROM built_backtest
    GROUP BY word
),
nytbee_not_accepted AS (
    -- nytbee.com lists Spelling Bee words only
    SELECT word, count(*)::INTEGER AS days
    FROM spelling_bee_not_accepted
    WHERE $game = 'spelling-bee'
    GROUP BY word
)
SELECT
    d.word,
    d.included,
    d.reason,
    d.prior_verdicts::INTEGER AS prior_verdicts,
    d.prior_accepted::INTEGER AS prior_accepted,
    d.last_accepted,
    v.last_verdict_date,
    v.last_accepted_date,
    v.last_rejected_date,
    d.score,
    d.bucket,
    d.bucket_size::INTEGER AS bucket_size,
    d.bucket_rate,
    coalesce(n.days, 0) AS nytbee_not_accepted,
    coalesce(w.sources, []) AS sources,
    coalesce(w.zipf, 0) AS zipf,
    w.wordfreq_rank,
    coalesce(w.brown_count, 0) AS brown_count,
    coalesce(w.capitalized, false) AS capitalized,
    coalesce(w.first_name, false) AS first_name,
    length(d.word) AS length,
    letter_mask(d.word) AS letter_mask
FROM decision_frame AS d
LEFT JOIN verdict_dates AS v USING (word)
LEFT JOIN nytbee_not_accepted AS n USING (word)
LEFT JOIN words AS w USING (word)
ORDER BY d.word;

CREATE TABLE IF NOT EXISTS dictionary_rules (
    game VARCHAR PRIMARY KEY,
    score_column VARCHAR NOT NULL,
    new_word_threshold DOUBLE NOT NULL,
    description VARCHAR NOT NULL,
    built_at TIMESTAMP NOT NULL
);

INSERT OR REPLACE INTO dictionary_rules VALUES ($game, $score_column, $threshold, $description, now());
