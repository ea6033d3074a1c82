-- What the rule reads of each past verdict's evidence, by row number: numbers and flags only
-- (no text), so that millions of rows cross to Python as plain arrays.
SELECT row_id, as_of, accepted, prior_verdicts, coalesce(last_accepted, false) AS last_accepted,
       score_last, score_180, score_365, score_730, score_1461, score_forever, bucket_rate,
       coalesce(history_rate, 0) AS history_rate, probability,
       coalesce(guarded, false) AS guarded
FROM history_rows
ORDER BY row_id;
