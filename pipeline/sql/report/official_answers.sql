-- What each game's dictionary is judged against, under one name with the game's name: Spelling
-- Bee's official answers and each day's NYT Letter Boxed word list.
CREATE OR REPLACE TEMP VIEW official_answers AS
SELECT 'spelling-bee' AS game, date, word FROM spelling_bee_answers
UNION ALL
SELECT 'letter-boxed' AS game, date, word FROM letter_boxed_dictionary;
