-- Each day's NYT Letter Boxed list as one list of words.
SELECT date, list(word ORDER BY word) AS words FROM letter_boxed_dictionary GROUP BY date;
