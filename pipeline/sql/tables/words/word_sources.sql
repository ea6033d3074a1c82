-- One row per word source: where it comes from, its licence, what was read and kept. Reads
-- source_rows (handed over by words.py).
-- Built whole by each run of its stage (replaced, then filled by sql/queries/words/word_sources.sql).
CREATE OR REPLACE TABLE word_sources (
    source VARCHAR PRIMARY KEY,
    kind VARCHAR NOT NULL CHECK (kind IN ('list', 'corpus', 'marker', 'frequency', 'lexicon')),
    origin VARCHAR NOT NULL,
    licence VARCHAR NOT NULL,
    entries_read INTEGER NOT NULL CHECK (entries_read >= 0),
    words_kept INTEGER CHECK (words_kept BETWEEN 0 AND entries_read)
);
