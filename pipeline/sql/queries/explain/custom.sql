-- One word's decision in $game's custom dictionary, with its probability and evidence; for a new
-- word judged by the new-word model, its parent evidence and its three largest factors, named
-- (the model's columns, dictionary_rules.factor_names). Every universe word's, by word, when
-- $word is NULL (the index the build writes for `pipeline explain`).
SELECT c.word, c.included, c.prior_verdicts, c.prior_accepted::BIGINT AS prior_accepted,
       c.last_accepted, c.score, c.bucket, c.bucket_size::BIGINT AS bucket_size, c.bucket_rate,
       c.history_bucket, c.history_size::BIGINT AS history_size, c.probability,
       c.parent_probability, c.maybe, c.guarded, c.edited, c.reason,
       r.factor_names[c.factor_1 + 1] AS factor_1, c.factor_1_weight,
       r.factor_names[c.factor_2 + 1] AS factor_2, c.factor_2_weight,
       r.factor_names[c.factor_3 + 1] AS factor_3, c.factor_3_weight
FROM custom_words AS c
LEFT JOIN dictionary_rules AS r USING (game)
WHERE c.game = $game AND ($word IS NULL OR c.word = $word)
ORDER BY c.word;
