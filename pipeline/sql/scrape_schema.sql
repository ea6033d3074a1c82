-- Staging and bookkeeping tables of the scrape stage (created once, kept across runs).
CREATE TABLE IF NOT EXISTS spelling_bee_source_days (
    date DATE NOT NULL,
    source VARCHAR NOT NULL,          -- nyt_gamedata | nyt_live | bulk_archive | nytbee
    center VARCHAR NOT NULL,
    others VARCHAR NOT NULL,          -- the six other letters, sorted
    answers VARCHAR[] NOT NULL,
    pangrams VARCHAR[] NOT NULL,
    not_accepted VARCHAR[],           -- nytbee.com only
    url VARCHAR NOT NULL,
    loaded_at TIMESTAMP NOT NULL,
    PRIMARY KEY (date, source)
);

CREATE TABLE IF NOT EXISTS letter_boxed_source_days (
    date DATE NOT NULL,
    source VARCHAR NOT NULL,          -- simeydk | nyt_live
    sides VARCHAR[] NOT NULL,
    nyt_solution VARCHAR[] NOT NULL,
    par INTEGER,
    nyt_id INTEGER,
    dictionary VARCHAR[],
    yesterdays_sides VARCHAR[],
    yesterdays_solution VARCHAR[],
    url VARCHAR NOT NULL,
    loaded_at TIMESTAMP NOT NULL,
    PRIMARY KEY (date, source)
);

CREATE TABLE IF NOT EXISTS quarantine (
    game VARCHAR NOT NULL,
    source VARCHAR NOT NULL,
    url VARCHAR NOT NULL,             -- with #L<line> for a line of the bulk archive
    date DATE,
    reason VARCHAR NOT NULL,
    record VARCHAR,                   -- the rejected record as JSON, when it parsed
    run_id VARCHAR NOT NULL,
    PRIMARY KEY (source, url)
);

CREATE TABLE IF NOT EXISTS scrape_log (
    run_id VARCHAR NOT NULL,
    source VARCHAR NOT NULL,
    url VARCHAR NOT NULL,
    date DATE,
    outcome VARCHAR NOT NULL,         -- network | missing | error
    http_status INTEGER,
    attempts INTEGER,
    error VARCHAR
);

CREATE TABLE IF NOT EXISTS scrape_runs (
    run_id VARCHAR NOT NULL,
    finished_at TIMESTAMP NOT NULL,
    source VARCHAR NOT NULL,
    fetched INTEGER NOT NULL,
    from_cache INTEGER NOT NULL,
    not_available INTEGER NOT NULL,
    parsed INTEGER NOT NULL,
    rejected INTEGER NOT NULL,
    errors INTEGER NOT NULL,
    disagreements INTEGER NOT NULL,
    PRIMARY KEY (run_id, source)
);
