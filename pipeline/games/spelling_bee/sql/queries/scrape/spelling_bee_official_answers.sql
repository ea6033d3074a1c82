-- Fills the official_answers table (sql/tables/scrape/official_answers.sql) with $game's
-- answers: the words of spelling_bee_answers.
DELETE FROM official_answers WHERE game = $game;

INSERT INTO official_answers
SELECT $game, date, word FROM spelling_bee_answers ORDER BY date, word;
