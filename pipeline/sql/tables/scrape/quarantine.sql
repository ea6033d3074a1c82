-- Records (or unparseable bodies) that failed validation, with the reason and the body they came
-- from (upserted from new_quarantine, which scrape.py hands over). A date that loads on a later
-- run (`--retry-quarantined`) leaves quarantine.
-- Kept across runs (created when missing; sql/queries/scrape/quarantine.sql adds to it).
CREATE TABLE IF NOT EXISTS quarantine (
    game VARCHAR NOT NULL REFERENCES games (name),
    source VARCHAR NOT NULL,
    url VARCHAR NOT NULL,             -- with #L<line> for a line of the bulk archive
    date DATE,
    reason VARCHAR NOT NULL,
    record VARCHAR,                   -- the rejected record as JSON, when it parsed
    run_id VARCHAR NOT NULL,
    origin VARCHAR CHECK (origin IN ('cache', 'mirror', 'network')),  -- where the body was read
    sha256 VARCHAR CHECK (regexp_full_match(sha256, '[0-9a-f]{64}')),  -- of the bytes read
    PRIMARY KEY (source, url)
);
