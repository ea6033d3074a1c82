-- The dates a dated source already gave (loaded or quarantined): a re-run does not fetch them.
SELECT date FROM spelling_bee_source_days WHERE source = $source
UNION
SELECT date FROM letter_boxed_source_days WHERE source = $source
UNION
SELECT date FROM quarantine WHERE source = $source AND date IS NOT NULL
