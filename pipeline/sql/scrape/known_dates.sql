-- The dates a dated source already gave (loaded or quarantined), or refused with a 404 when the
-- date was already more than a week old (the source will not publish it): a re-run skips them.
SELECT date FROM spelling_bee_source_days WHERE source = $source
UNION
SELECT date FROM letter_boxed_source_days WHERE source = $source
UNION
SELECT date FROM quarantine WHERE source = $source AND date IS NOT NULL
UNION
SELECT date
FROM scrape_log
WHERE source = $source
  AND outcome = 'missing'
  AND date IS NOT NULL
  AND try_strptime(left(run_id, 15), '%Y%m%dT%H%M%S')::DATE - date > 7
