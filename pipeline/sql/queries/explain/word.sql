-- One word's entry in the word lists (no row when it is in none).
SELECT word, length, sources, zipf, wordfreq_rank, capitalized, first_name
FROM words
WHERE word = $word;
