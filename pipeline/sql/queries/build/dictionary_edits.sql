-- Fills the dictionary_edits table (sql/tables/build/dictionary_edits.sql).
DELETE FROM dictionary_edits WHERE game = $game;

INSERT INTO dictionary_edits
SELECT $game, word::VARCHAR, included::BOOLEAN, reason::VARCHAR, line_number::INTEGER
FROM edit_rows
ORDER BY word;
