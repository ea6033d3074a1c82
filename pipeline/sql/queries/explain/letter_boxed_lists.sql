-- How often the word was in an NYT Letter Boxed word list, first and last time.
SELECT count(*) AS days, min(date) AS first_listed, max(date) AS last_listed
FROM letter_boxed_dictionary
WHERE word = $word;
