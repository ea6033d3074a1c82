-- One row per network fetch, miss or error of a scrape run (appended from new_log_lines, which
-- scrape.py hands over).
-- Kept across runs (created when missing; sql/queries/scrape/scrape_log.sql adds to it).
CREATE TABLE IF NOT EXISTS scrape_log (
    run_id VARCHAR NOT NULL,
    source VARCHAR NOT NULL,
    url VARCHAR NOT NULL,
    date DATE,
    outcome VARCHAR NOT NULL CHECK (outcome IN ('network', 'missing', 'error')),
    http_status INTEGER,
    attempts INTEGER CHECK (attempts >= 0),
    error VARCHAR,
    PRIMARY KEY (run_id, url)  -- a run fetches each URL once (retries are one fetch)
);
