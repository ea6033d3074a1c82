-- A custom dictionary, one row per universe word of $game: the probability the NYT accepts it,
-- the decision and its reason; with $included_only the listed words only, and only words of
-- probability $min_probability or more; the words after $after through $through (a NULL bound:
-- none), as the export writes them a range at a time.
SELECT word, round(probability, 6) AS probability, included, reason
FROM custom_words
WHERE game = $game
    AND (NOT $included_only OR included)
    AND probability >= $min_probability
    AND ($after IS NULL OR word > $after)
    AND ($through IS NULL OR word <= $through)
ORDER BY word
