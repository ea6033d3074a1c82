-- How many warehouse words WordNet describes, and how many of them through their base form.
SELECT count(*) AS words, count(*) FILTER (WHERE word <> base_form) AS inflected
FROM wordnet_words;
