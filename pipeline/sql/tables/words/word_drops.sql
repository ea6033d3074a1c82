-- One row per source and reason an entry was not kept as a plain word, with a few examples.
-- Reads drop_rows (handed over by words.py).
-- Built whole by each run of its stage (replaced, then filled by sql/queries/words/word_drops.sql).
CREATE OR REPLACE TABLE word_drops (
    source VARCHAR NOT NULL,
    reason VARCHAR NOT NULL,
    entries INTEGER NOT NULL CHECK (entries > 0),
    examples VARCHAR[] NOT NULL,
    PRIMARY KEY (source, reason)
);
