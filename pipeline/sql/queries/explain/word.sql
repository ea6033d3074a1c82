-- One word's entry in the word lists (no row when it is in none), its lists named in one text
-- (`2of12id, brown, enable`); every word's, by word, when $word is NULL (the index the build
-- writes for `pipeline explain`).
SELECT word, length, array_to_string(sources, ', ') AS lists, zipf, wordfreq_rank, capitalized,
       first_name
FROM words
WHERE $word IS NULL OR word = $word
ORDER BY word;
