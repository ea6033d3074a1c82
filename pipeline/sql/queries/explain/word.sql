-- One word's entry in the word lists (no row when it is in none); every word's, by word, when
-- $word is NULL (the index the build writes for `pipeline explain`).
SELECT word, length, sources, zipf, wordfreq_rank, capitalized, first_name
FROM words
WHERE $word IS NULL OR word = $word
ORDER BY word;
