-- Every valid honeycomb scored: a pangram letter set (the 7 distinct letters of some word) with
-- one of its letters as the center, under each S rule of letter_set_points. A honeycomb's words
-- and points are the sums over its 64 letter subsets that hold the center. Each pangram set's
-- 127 non-empty subsets are enumerated once (subset k holds the set's j-th letter when bit j-1 of
-- k is set) and the 7 centers' sums are taken together in one pass, a subset's sums counted for
-- a center by multiplying with that center's bit of k (measured: one FILTER clause per center
-- took 2.5 times as long; a row per (honeycomb, subset) pair, 3 times). The letters stay packed:
-- the queries that show honeycombs spell them out (mask_letters).
CREATE OR REPLACE TEMP TABLE honeycombs (
    s_allowed BOOLEAN NOT NULL,
    letters_mask INTEGER NOT NULL CHECK (bit_count(letters_mask) = 7),
    center_bit INTEGER NOT NULL CHECK (bit_count(center_bit) = 1 AND letters_mask & center_bit <> 0),
    words INTEGER NOT NULL,
    pangrams INTEGER NOT NULL CHECK (pangrams BETWEEN 1 AND words),
    points INTEGER NOT NULL,
    PRIMARY KEY (s_allowed, letters_mask, center_bit)
);
INSERT INTO honeycombs
WITH pangram_sets AS (
    SELECT
        s_allowed,
        letter_mask AS letters_mask,
        words AS pangrams,
        list_transform(
            list_filter(range(26), lambda i: (letter_mask >> i) & 1 = 1),
            lambda i: (1 << i)::INTEGER
        ) AS bits
    FROM letter_set_points
    WHERE bit_count(letter_mask) = 7
),
subsets AS (
    SELECT
        s_allowed,
        letters_mask,
        k,
        (CASE WHEN k & 1 <> 0 THEN bits[1] ELSE 0 END
        | CASE WHEN k & 2 <> 0 THEN bits[2] ELSE 0 END
        | CASE WHEN k & 4 <> 0 THEN bits[3] ELSE 0 END
        | CASE WHEN k & 8 <> 0 THEN bits[4] ELSE 0 END
        | CASE WHEN k & 16 <> 0 THEN bits[5] ELSE 0 END
        | CASE WHEN k & 32 <> 0 THEN bits[6] ELSE 0 END
        | CASE WHEN k & 64 <> 0 THEN bits[7] ELSE 0 END)::INTEGER AS letter_mask
    FROM pangram_sets, range(1, 128) AS t(k)
),
center_sums AS (
    SELECT
        s.s_allowed,
        s.letters_mask,
        sums_per_center(p.words, s.k) AS words,
        sums_per_center(p.points, s.k) AS points
    FROM subsets AS s
    JOIN letter_set_points AS p USING (s_allowed, letter_mask)
    GROUP BY s.s_allowed, s.letters_mask
),
centers AS (
    SELECT
        c.s_allowed,
        c.letters_mask,
        unnest(p.bits) AS center_bit,
        unnest(c.words) AS words,
        p.pangrams,
        unnest(c.points) AS points
    FROM center_sums AS c
    JOIN pangram_sets AS p USING (s_allowed, letters_mask)
)
SELECT
    s_allowed,
    letters_mask,
    center_bit,
    words,
    pangrams,
    points
FROM centers;
