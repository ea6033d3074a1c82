-- Records (or unparseable bodies) that failed validation, with the reason and the body they came
-- from (upserted from new_quarantine, which scrape.py hands over). A date that loads on a later
-- run (`--retry-quarantined`) leaves quarantine.
CREATE TABLE IF NOT EXISTS quarantine (
    game VARCHAR NOT NULL CHECK (game IN ('spelling-bee', 'letter-boxed')),
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

-- A warehouse from before origin and sha256: its older rows keep NULL there.
ALTER TABLE quarantine ADD COLUMN IF NOT EXISTS origin VARCHAR;
ALTER TABLE quarantine ADD COLUMN IF NOT EXISTS sha256 VARCHAR;

DELETE FROM quarantine
WHERE run_id <> 'merge'
  AND (source, date) IN (
      SELECT source, date::DATE FROM new_bee_days
      UNION ALL
      SELECT source, date::DATE FROM new_box_days
  );

INSERT OR REPLACE INTO quarantine (game, source, url, date, reason, record, run_id, origin, sha256)
SELECT game, source, url, date::DATE, reason, record, $run_id, origin, sha256
FROM new_quarantine;
