-- Per S rule scored: the valid words it allows, its pangram letter sets and its honeycombs.
SELECT
    p.s_allowed,
    sum(p.words)::INTEGER AS valid_words,
    count(*) FILTER (WHERE bit_count(p.letter_mask) = 7)::INTEGER AS pangram_sets,
    (SELECT count(*) FROM honeycombs AS h WHERE h.s_allowed = p.s_allowed)::INTEGER AS honeycombs
FROM letter_set_points AS p
GROUP BY p.s_allowed
ORDER BY p.s_allowed;
