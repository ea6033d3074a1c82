-- A custom dictionary, one row per universe word of $game: the probability the NYT accepts it,
-- the decision and its reason; with $included_only the listed words only, and only words of
-- probability $min_probability or more.
SELECT word, round(probability, 6) AS probability, included, reason
FROM custom_words
WHERE game = $game
    AND (NOT $included_only OR included)
    AND probability >= $min_probability
ORDER BY word
