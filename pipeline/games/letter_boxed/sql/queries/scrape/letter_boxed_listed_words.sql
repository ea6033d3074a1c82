-- Every word of some day's NYT Letter Boxed list, sorted.
SELECT DISTINCT word FROM letter_boxed_dictionary ORDER BY word;
