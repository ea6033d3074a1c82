-- The words of the custom Spelling Bee list a generated puzzle may hold: listed or maybe (4
-- letters or more, at most 7 distinct), with their probabilities, alphabetically.
SELECT word, letter_mask::BIGINT AS mask, included, maybe, probability
FROM custom_words
WHERE game = $game AND (included OR maybe) AND length >= 4 AND bit_count(letter_mask) <= 7
ORDER BY word
