-- What WordNet says of one word (no row when it does not know it): its base form, parts of
-- speech, sense count and lexicographer files (its senses themselves, the most frequent first,
-- come from clues/word_senses.sql); every word's, by word, when $word is NULL (the index the
-- build writes for `pipeline explain`).
SELECT word, base_form, parts_of_speech, senses, lexicographer_files
FROM wordnet_words
WHERE $word IS NULL OR word = $word
ORDER BY word;
