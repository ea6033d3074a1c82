-- Every archived Spelling Bee puzzle placed among all honeycombs of its era's space: the same
-- dictionary, with S allowed from $s_allowed_from on (as the NYT did). Ranks are competition
-- ranks (1 = the most; ties share a rank); center_rank orders the 7 centers of the puzzle's
-- letters by points. A puzzle whose letters are no pangram set of the dictionary has no rank.
CREATE OR REPLACE TEMP TABLE puzzle_ranks AS
WITH ranked AS (
    SELECT
        *,
        rank() OVER (PARTITION BY s_allowed ORDER BY points DESC) AS points_rank,
        rank() OVER (PARTITION BY s_allowed ORDER BY words DESC) AS words_rank,
        count(*) OVER (PARTITION BY s_allowed) AS space_size,
        rank() OVER (PARTITION BY s_allowed, letters_mask ORDER BY points DESC) AS center_rank,
        rank() OVER (PARTITION BY s_allowed, letters_mask ORDER BY points) AS center_rank_from_last,
        max(points) OVER (PARTITION BY s_allowed, letters_mask) AS most_points_of_letters,
        min(points) OVER (PARTITION BY s_allowed, letters_mask) AS fewest_points_of_letters
    FROM honeycombs
)
SELECT
    p.date,
    p.center,
    p.others,
    p.date >= $s_allowed_from AS s_allowed,
    p.letters_mask,
    p.center_bit,
    p.answer_count AS nyt_words,
    p.points AS nyt_points,
    r.words,
    r.pangrams,
    r.points,
    r.points_rank,
    r.words_rank,
    r.space_size,
    r.center_rank,
    r.center_rank_from_last,
    r.most_points_of_letters,
    r.fewest_points_of_letters
FROM spelling_bee_puzzles AS p
LEFT JOIN ranked AS r
    ON r.s_allowed = (p.date >= $s_allowed_from)
    AND r.letters_mask = p.letters_mask
    AND r.center_bit = p.center_bit;
