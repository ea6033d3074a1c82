-- One row per source and reason an entry was not kept as a plain word, with a few examples.
-- Reads drop_rows (handed over by words.py).
CREATE OR REPLACE TABLE word_drops (
    source VARCHAR NOT NULL,
    reason VARCHAR NOT NULL,
    entries INTEGER NOT NULL CHECK (entries > 0),
    examples VARCHAR[] NOT NULL,
    PRIMARY KEY (source, reason)
);

INSERT INTO word_drops
SELECT source, reason, entries::INTEGER, examples::VARCHAR[] FROM drop_rows ORDER BY source, reason;
