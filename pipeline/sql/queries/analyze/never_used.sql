-- Per era: the $limit highest-scoring honeycombs the NYT has never used (no archived puzzle has
-- those letters with that center), with the centers it did use for those letters, if any.
WITH unused AS (
    SELECT
        h.*,
        row_number() OVER (
            PARTITION BY h.s_allowed ORDER BY h.points DESC, h.letters_mask, h.center_bit
        ) AS place
    FROM honeycombs AS h
    ANTI JOIN spelling_bee_puzzles AS p
        ON p.letters_mask = h.letters_mask AND p.center_bit = h.center_bit
)
SELECT
    CASE WHEN u.s_allowed THEN 'S allowed' ELSE 'no S' END AS era,
    mask_letters(u.letters_mask) AS letters,
    mask_letters(u.center_bit) AS center,
    u.words,
    u.pangrams,
    u.points,
    (
        SELECT string_agg(DISTINCT p.center, '' ORDER BY p.center)
        FROM spelling_bee_puzzles AS p
        WHERE p.letters_mask = u.letters_mask
    ) AS nyt_centers_of_letters
FROM unused AS u
WHERE u.place <= $limit
ORDER BY u.s_allowed, u.place;
