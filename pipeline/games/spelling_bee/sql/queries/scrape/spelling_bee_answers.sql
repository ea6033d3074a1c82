-- Fills the spelling_bee_answers table (games/spelling_bee/sql/tables/scrape/spelling_bee_answers.sql).
INSERT INTO spelling_bee_answers
SELECT p.date, word, list_contains(p.pangrams, word)
FROM spelling_bee_puzzles AS p, unnest(p.answers) AS t(word)
ORDER BY p.date, word;
