-- How many distinct words the warehouse holds.
SELECT count(*) AS words FROM words;
