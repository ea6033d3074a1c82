-- The Zipf frequency of each word of $game's universe that wordfreq knows (the others are 0), by
-- word: the file beside the custom list that `solve letter-boxed` ranks words by commonness with.
SELECT word, zipf
FROM custom_words
WHERE game = $game AND zipf > 0
ORDER BY word;
