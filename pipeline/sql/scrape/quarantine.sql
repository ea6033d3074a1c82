-- Records (or unparseable bodies) that failed validation, with the reason (upserted from
-- new_quarantine, which scrape.py hands over).
CREATE TABLE IF NOT EXISTS quarantine (
    game VARCHAR NOT NULL CHECK (game IN ('spelling-bee', 'letter-boxed')),
    source VARCHAR NOT NULL,
    url VARCHAR NOT NULL,             -- with #L<line> for a line of the bulk archive
    date DATE,
    reason VARCHAR NOT NULL,
    record VARCHAR,                   -- the rejected record as JSON, when it parsed
    run_id VARCHAR NOT NULL,
    PRIMARY KEY (source, url)
);

INSERT OR REPLACE INTO quarantine
SELECT game, source, url, date::DATE, reason, record, $run_id
FROM new_quarantine;
