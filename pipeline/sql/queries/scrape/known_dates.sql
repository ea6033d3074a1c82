-- The dates a dated source of $game already gave (loaded into its source-day table $days, or
-- quarantined), or refused with a 404 when the date was already more than a week old (the source
-- will not publish it): a re-run skips them.
SELECT date FROM query_table($days) WHERE source = $source
UNION
SELECT date FROM quarantine WHERE game = $game AND source = $source AND date IS NOT NULL
UNION
SELECT date
FROM scrape_log
WHERE source = $source
  AND outcome = 'missing'
  AND date IS NOT NULL
  AND try_strptime(left(run_id, 15), '%Y%m%dT%H%M%S')::DATE - date > 7
