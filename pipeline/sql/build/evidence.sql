-- The evidence rows the rule judges: the past verdicts ($current = false) or the build's rows as
-- of the day after the archive ($current = true), in a stable order.
SELECT word, as_of, accepted, prior_verdicts, prior_accepted, last_accepted,
       score_last, score_180, score_365, score_730, score_1461, score_forever,
       bucket, bucket_size, bucket_rate, coalesce(history_bucket, '') AS history_bucket,
       history_size, coalesce(history_rate, 0) AS history_rate, probability, guarded
FROM evidence_rows
WHERE (accepted IS NULL) = $current
ORDER BY as_of, word;
