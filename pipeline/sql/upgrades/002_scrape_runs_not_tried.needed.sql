-- True when scrape_runs still has the column not_available (counting 404s and untried URLs).
SELECT count(*) > 0
FROM duckdb_columns()
WHERE table_name = 'scrape_runs' AND column_name = 'not_available';
