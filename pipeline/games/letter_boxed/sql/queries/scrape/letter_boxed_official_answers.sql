-- Fills the official_answers table (sql/tables/scrape/official_answers.sql) with $game's
-- answers: each day's NYT word list (letter_boxed_dictionary).
DELETE FROM official_answers WHERE game = $game;

INSERT INTO official_answers
SELECT $game, date, word FROM letter_boxed_dictionary ORDER BY date, word;
