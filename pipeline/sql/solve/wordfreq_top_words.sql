-- wordfreq's $limit most frequent plain words.
SELECT word FROM words WHERE wordfreq_rank <= $limit ORDER BY word;
