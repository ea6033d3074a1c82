-- Fills the letter_boxed_dictionary table (games/letter_boxed/sql/tables/scrape/letter_boxed_dictionary.sql).
INSERT INTO letter_boxed_dictionary
SELECT DISTINCT d.date, word
FROM letter_boxed_source_days AS d
JOIN letter_boxed_puzzles AS p ON p.date = d.date AND p.source = d.source AND p.dictionary_known,
     unnest(d.dictionary) AS t(word)
ORDER BY d.date, word;
