-- Every archived Spelling Bee's answers: one row per day, alphabetically.
SELECT date, list(word ORDER BY word) AS answers FROM spelling_bee_answers GROUP BY date ORDER BY date;
