-- True when scrape_runs still has the column not_available (see scrape_runs_upgrade).
SELECT count(*) > 0
FROM duckdb_columns()
WHERE table_name = 'scrape_runs' AND column_name = 'not_available'
