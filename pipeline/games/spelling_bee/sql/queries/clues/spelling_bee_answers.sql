-- The answers of the Spelling Bee of $date, alphabetically.
SELECT word FROM spelling_bee_answers WHERE date = $date ORDER BY word;
