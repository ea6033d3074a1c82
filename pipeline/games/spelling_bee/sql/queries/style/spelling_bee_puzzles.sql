-- The NYT's Spelling Bee honeycombs by date (day numbers since 1970-01-01), with their official
-- answer counts, points and pangram counts.
SELECT
    (date - DATE '1970-01-01')::BIGINT AS day,
    letters_mask::BIGINT AS letters_mask,
    center_bit::BIGINT AS center_bit,
    answer_count::BIGINT AS answers,
    points::BIGINT AS points,
    len(pangrams)::BIGINT AS pangrams
FROM spelling_bee_puzzles
ORDER BY date
