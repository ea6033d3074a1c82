-- One word's decision in $game's custom dictionary, with its probability and evidence.
SELECT included, prior_verdicts, prior_accepted::BIGINT AS prior_accepted, last_accepted, score,
       bucket, bucket_size::BIGINT AS bucket_size, bucket_rate, history_bucket,
       history_size::BIGINT AS history_size, probability, maybe, guarded, edited, reason
FROM custom_words
WHERE game = $game AND word = $word;
