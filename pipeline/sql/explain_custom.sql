-- One word's decision in the current game's custom dictionary, with its evidence.
SELECT included, prior_verdicts, prior_accepted::BIGINT AS prior_accepted, last_accepted, score,
       bucket, bucket_size::BIGINT AS bucket_size, bucket_rate, reason
FROM report_custom
WHERE word = $word;
