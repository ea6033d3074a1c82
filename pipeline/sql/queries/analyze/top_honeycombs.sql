-- The highest-scoring honeycombs of one S rule, with their pangrams (ties: alphabetically).
WITH top AS (
    SELECT *, mask_letters(letters_mask) AS letters, mask_letters(center_bit) AS center
    FROM honeycombs
    WHERE s_allowed = $s_allowed
    ORDER BY points DESC, letters, center
    LIMIT $limit
)
SELECT
    t.letters,
    t.center,
    t.words,
    t.pangrams,
    t.points,
    list(w.word ORDER BY w.word) AS pangram_words
FROM top AS t
JOIN honeycomb_words AS w ON w.letter_mask = t.letters_mask
GROUP BY t.letters, t.center, t.words, t.pangrams, t.points
ORDER BY t.points DESC, t.letters, t.center;
