-- Fills the word_drops table (sql/tables/words/word_drops.sql).
INSERT INTO word_drops
SELECT source, reason, entries::INTEGER, examples::VARCHAR[] FROM drop_rows ORDER BY source, reason;
