-- The custom dictionary of a game, as the last build decided it.
SELECT word FROM custom_words WHERE game = $game AND included ORDER BY word;
