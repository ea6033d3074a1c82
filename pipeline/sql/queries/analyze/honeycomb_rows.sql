-- Every honeycomb of one S rule, best first: the CSV of `pipeline analyze spelling-bee`.
SELECT
    mask_letters(letters_mask) AS letters,
    mask_letters(center_bit) AS center,
    words,
    pangrams,
    points
FROM honeycombs
WHERE s_allowed = $s_allowed
ORDER BY points DESC, letters, center;
