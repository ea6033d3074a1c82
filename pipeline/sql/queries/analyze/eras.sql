-- Per era (S rule): the honeycombs of the space and those with $low..$high words, the archived
-- puzzles and those in that zone (by the custom dictionary and by the NYT's own count), and
-- where the median puzzle ranks.
WITH space AS (
    SELECT
        s_allowed,
        count(*) AS honeycombs,
        count(*) FILTER (WHERE words BETWEEN $low AND $high) AS zone_honeycombs
    FROM honeycombs
    GROUP BY s_allowed
),
archive AS (
    SELECT
        s_allowed,
        min(date) AS first_date,
        max(date) AS last_date,
        count(*) AS puzzles,
        count(points) AS ranked_puzzles,
        count(*) FILTER (WHERE words BETWEEN $low AND $high) AS zone_puzzles,
        count(*) FILTER (WHERE nyt_words BETWEEN $low AND $high) AS zone_puzzles_nyt,
        median(points_rank / space_size) AS median_points_top_share,
        median(words_rank / space_size) AS median_words_top_share,
        min(points_rank) AS best_points_rank
    FROM puzzle_ranks
    GROUP BY s_allowed
)
SELECT
    CASE WHEN s.s_allowed THEN 'S allowed' ELSE 'no S' END AS era,
    s.honeycombs,
    s.zone_honeycombs,
    s.zone_honeycombs / s.honeycombs AS zone_share,
    a.first_date,
    a.last_date,
    coalesce(a.puzzles, 0) AS puzzles,
    coalesce(a.ranked_puzzles, 0) AS ranked_puzzles,
    coalesce(a.zone_puzzles, 0) AS zone_puzzles,
    coalesce(a.zone_puzzles_nyt, 0) AS zone_puzzles_nyt,
    a.median_points_top_share,
    a.median_words_top_share,
    a.best_points_rank
FROM space AS s
LEFT JOIN archive AS a USING (s_allowed)
ORDER BY s.s_allowed;
