-- The last scrape run (with each game's build: the warehouse's identity).
SELECT max(run_id) AS run_id FROM scrape_runs
