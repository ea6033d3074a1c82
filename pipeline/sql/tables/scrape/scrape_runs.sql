-- One row per scrape run and source with its counts (from run_tallies, which scrape.py hands
-- over) and how many dates the source disagrees with the chosen source on. `not_published` counts
-- the server's 404s; `not_tried` the URLs never asked (offline, or the host was unreachable).
-- Kept across runs (created when missing; sql/queries/scrape/scrape_runs.sql adds to it).
CREATE TABLE IF NOT EXISTS scrape_runs (
    run_id VARCHAR NOT NULL,
    finished_at TIMESTAMP NOT NULL,
    source VARCHAR NOT NULL,
    fetched INTEGER NOT NULL CHECK (fetched >= 0),
    from_cache INTEGER NOT NULL CHECK (from_cache >= 0),
    not_published INTEGER NOT NULL CHECK (not_published >= 0),
    not_tried INTEGER NOT NULL CHECK (not_tried >= 0),
    parsed INTEGER NOT NULL CHECK (parsed >= 0),
    rejected INTEGER NOT NULL CHECK (rejected >= 0),
    errors INTEGER NOT NULL CHECK (errors >= 0),
    disagreements INTEGER NOT NULL CHECK (disagreements >= 0),
    PRIMARY KEY (run_id, source)
);
