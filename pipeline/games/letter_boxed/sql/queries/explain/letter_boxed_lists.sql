-- How often the word was in an NYT Letter Boxed word list, first and last time (no row: never);
-- every listed word's, by word, when $word is NULL (the index the build writes for `pipeline
-- explain`).
SELECT word, count(*) AS days, min(date) AS first_listed, max(date) AS last_listed
FROM letter_boxed_dictionary
WHERE $word IS NULL OR word = $word
GROUP BY word
ORDER BY word;
