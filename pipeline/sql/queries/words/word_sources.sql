-- Fills the word_sources table (sql/tables/words/word_sources.sql).
INSERT INTO word_sources
SELECT source, kind, origin, licence, entries_read::INTEGER, words_kept::INTEGER FROM source_rows;
