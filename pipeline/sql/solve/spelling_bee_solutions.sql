-- Solve many Spelling Bee puzzles in one query over packed letter masks.
-- Reads the views puzzles_to_solve(puzzle_id, center, others) and candidate_words(word, letter_mask);
-- a word answers a puzzle when its mask is one of the 64 submasks of the puzzle's letters that
-- hold the center, so the join is a hash join on the mask, not a scan of every pair.
CREATE OR REPLACE TEMP TABLE spelling_bee_solutions AS
WITH puzzle_bits AS (
    SELECT
        puzzle_id,
        letter_bit(center) AS center_bit,
        list_transform(string_split(others, ''), lambda c: letter_bit(c)) AS other_bits
    FROM puzzles_to_solve
),
puzzle_submasks AS (
    SELECT
        puzzle_id,
        center_bit
        | CASE WHEN k & 1 <> 0 THEN other_bits[1] ELSE 0 END
        | CASE WHEN k & 2 <> 0 THEN other_bits[2] ELSE 0 END
        | CASE WHEN k & 4 <> 0 THEN other_bits[3] ELSE 0 END
        | CASE WHEN k & 8 <> 0 THEN other_bits[4] ELSE 0 END
        | CASE WHEN k & 16 <> 0 THEN other_bits[5] ELSE 0 END
        | CASE WHEN k & 32 <> 0 THEN other_bits[6] ELSE 0 END AS letter_mask
    FROM puzzle_bits, range(64) AS t(k)
)
SELECT s.puzzle_id, w.word
FROM puzzle_submasks AS s
JOIN candidate_words AS w USING (letter_mask);
