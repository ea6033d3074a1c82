-- Both games' official answers in one view: the words the NYT accepted, per game and date.
CREATE OR REPLACE VIEW official_answers AS
SELECT 'spelling-bee' AS game, date, word FROM spelling_bee_answers
UNION ALL
SELECT 'letter-boxed' AS game, date, word FROM letter_boxed_dictionary;
