-- wordfreq's $limit most frequent plain words, with their letter masks.
SELECT word, letter_mask FROM words WHERE wordfreq_rank <= $limit ORDER BY word;
