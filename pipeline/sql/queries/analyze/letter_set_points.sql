-- Words, pangrams and points per letter set, once for each S rule asked for ($s_rules: a list of
-- booleans, true = words with S allowed). A word answers every honeycomb that holds its letters
-- and its center, so a honeycomb's score is a sum over these rows.
CREATE OR REPLACE TEMP TABLE letter_set_points (
    s_allowed BOOLEAN NOT NULL,
    letter_mask INTEGER NOT NULL,
    words INTEGER NOT NULL,
    points INTEGER NOT NULL,
    PRIMARY KEY (s_allowed, letter_mask)
);
INSERT INTO letter_set_points
WITH rules AS (SELECT unnest($s_rules::BOOLEAN[]) AS s_allowed)
SELECT r.s_allowed, w.letter_mask, count(*), sum(w.points)
FROM honeycomb_words AS w, rules AS r
WHERE r.s_allowed OR w.letter_mask & letter_bit('s') = 0
GROUP BY r.s_allowed, w.letter_mask;
