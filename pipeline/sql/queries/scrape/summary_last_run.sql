-- The last scrape run, one row per source: what was fetched, parsed, rejected and disputed.
SELECT source, fetched, from_cache, not_published, not_tried, parsed, rejected, errors,
       disagreements
FROM scrape_runs
WHERE run_id = (SELECT max(run_id) FROM scrape_runs)
ORDER BY source;
