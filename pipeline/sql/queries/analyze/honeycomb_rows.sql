-- Every honeycomb of one S rule, best first: the file of `pipeline analyze spelling-bee`. Its
-- pangram words, and where the custom list scored the same honeycomb in the build
-- (honeycomb_likeness), its likeness to the NYT's choices, difficulty percentile and expected
-- errors (NULL for a honeycomb the custom list has no pangram for).
WITH pangram_words AS (
    SELECT letter_mask, list(word ORDER BY word) AS pangram_words
    FROM honeycomb_words
    WHERE bit_count(letter_mask) = 7
    GROUP BY letter_mask
)
SELECT
    mask_letters(h.letters_mask) AS letters,
    mask_letters(h.center_bit) AS center,
    h.words,
    h.pangrams,
    h.points,
    p.pangram_words,
    s.likeness,
    s.difficulty,
    s.expected_errors
FROM honeycombs AS h
JOIN pangram_words AS p ON p.letter_mask = h.letters_mask
LEFT JOIN honeycomb_likeness AS s
    ON s.letters_mask = h.letters_mask AND s.center_bit = h.center_bit
WHERE h.s_allowed = $s_allowed
ORDER BY h.points DESC, letters, center;
