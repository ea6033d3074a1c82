-- The build's evidence rows: every universe word as of the day after the archive, by word.
SELECT word, as_of, prior_verdicts, prior_accepted, coalesce(last_accepted, false) AS last_accepted,
       score_last, score_180, score_365, score_730, score_1461, score_forever,
       bucket, bucket_size, bucket_rate, coalesce(history_bucket, '') AS history_bucket,
       history_size, coalesce(history_rate, 0) AS history_rate, probability,
       coalesce(guarded, false) AS guarded
FROM evidence_rows
WHERE accepted IS NULL
ORDER BY word;
