-- A custom dictionary, one row per universe word of $game: the probability the NYT accepts it,
-- the decision and its reason.
SELECT word, round(probability, 6) AS probability, included, reason
FROM custom_words
WHERE game = $game
ORDER BY word
