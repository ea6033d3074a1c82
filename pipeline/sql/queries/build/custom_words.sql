-- Fills the custom_words table (sql/tables/build/custom_words.sql) from decision_rows (handed over
-- by build_store.py, NULL where the table holds none: build_store.decision_columns; each reason
-- as its code among $reason_names).
DELETE FROM custom_words WHERE game = $game;

INSERT INTO custom_words
WITH nytbee_not_accepted AS (
    -- the days nytbee.com listed the word as not accepted in a Spelling Bee: what the NYT
    -- said of the word, whichever game's list decides it
    SELECT word, count(*)::INTEGER AS days
    FROM spelling_bee_not_accepted
    GROUP BY word
)
SELECT
    $game,
    u.word,
    d.included,
    $reason_names[d.reason_code + 1],
    d.prior_verdicts::INTEGER,
    d.prior_accepted::INTEGER,
    d.last_accepted,
    CASE WHEN d.last_verdict_day >= 0 THEN DATE '1970-01-01' + d.last_verdict_day END,
    CASE WHEN d.last_accepted_day >= 0 THEN DATE '1970-01-01' + d.last_accepted_day END,
    CASE WHEN d.last_rejected_day >= 0 THEN DATE '1970-01-01' + d.last_rejected_day END,
    d.score,
    $bucket_names[d.bucket_code + 1],
    d.bucket_size::INTEGER,
    d.bucket_rate,
    CASE WHEN d.history_code >= 0 THEN $history_bucket_names[d.history_code + 1] END,
    d.history_size::INTEGER,
    d.probability,
    d.parent_rate,
    d.factor_code_1,
    d.factor_value_1,
    d.factor_code_2,
    d.factor_value_2,
    d.factor_code_3,
    d.factor_value_3,
    d.guarded,
    d.edited,
    d.maybe,
    coalesce(n.days, 0),
    coalesce(w.sources, []),
    coalesce(w.zipf, 0),
    w.wordfreq_rank,
    coalesce(w.brown_count, 0),
    coalesce(w.capitalized, false),
    coalesce(w.first_name, false),
    length(u.word),
    u.letter_mask
FROM decision_rows AS d
JOIN universe AS u USING (word_id)
LEFT JOIN nytbee_not_accepted AS n ON n.word = u.word
LEFT JOIN words AS w ON w.word = u.word;  -- no ORDER BY: readers order or pick by word
