-- The eligible universe words of the custom Spelling Bee list (4 letters or more, at most 7
-- distinct) with what a honeycomb's figures read: listed or not, probability, Zipf, and whether
-- it keeps a honeycomb from being published (an offensive word listed or maybe, a guarded word,
-- a word a hand edit decides). In word order: the figures add floats, and a sum's last bits follow
-- its order (without it two builds of one warehouse differed in expected_errors' last bits).
SELECT
    c.letter_mask::BIGINT AS mask,
    c.length::BIGINT AS length,
    c.included,
    c.probability,
    c.zipf,
    (w.offensive AND (c.included OR c.maybe)) OR c.guarded OR c.edited AS unpublishable
FROM custom_words AS c
JOIN words AS w USING (word)
WHERE c.game = $game AND c.length >= 4 AND bit_count(c.letter_mask) <= 7
ORDER BY c.word
