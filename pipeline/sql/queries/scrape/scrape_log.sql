-- Fills the scrape_log table (sql/tables/scrape/scrape_log.sql).
INSERT INTO scrape_log
SELECT $run_id, source, url, date::DATE, outcome, http_status::INTEGER, attempts::INTEGER, error
FROM new_log_lines;
