-- Solve many Spelling Bee puzzles in one query over packed letter masks: the temp table
-- spelling_bee_solutions(puzzle_id, word). Reads the views puzzles_to_solve(puzzle_id, center, others) and candidate_masks(letter_mask,
-- words). A letter set answers a puzzle when its mask is one of the 64 submasks of the puzzle's
-- letters that hold the center, so the join is a hash join of integer masks against the ~58k
-- distinct letter sets, not every word; the words of each matching set are unnested after.
-- No ORDER BY: the caller groups the rows by puzzle and sorts each puzzle's few hundred words.
CREATE OR REPLACE TEMP TABLE spelling_bee_solutions AS
WITH puzzle_bits AS (
    SELECT
        puzzle_id,
        letter_bit(center) AS center_bit,
        letter_bit(others[1]) AS bit_1,
        letter_bit(others[2]) AS bit_2,
        letter_bit(others[3]) AS bit_3,
        letter_bit(others[4]) AS bit_4,
        letter_bit(others[5]) AS bit_5,
        letter_bit(others[6]) AS bit_6
    FROM puzzles_to_solve
),
puzzle_submasks AS (
    -- Bit i of k picks the (i + 1)-th other letter: (k >> i & 1) is 0 or 1.
    SELECT
        puzzle_id,
        center_bit
        | (k & 1) * bit_1
        | (k >> 1 & 1) * bit_2
        | (k >> 2 & 1) * bit_3
        | (k >> 3 & 1) * bit_4
        | (k >> 4 & 1) * bit_5
        | (k >> 5 & 1) * bit_6 AS letter_mask
    FROM puzzle_bits, range(64) AS t(k)
)
SELECT s.puzzle_id, unnest(m.words) AS word
FROM puzzle_submasks AS s
JOIN candidate_masks AS m USING (letter_mask);
