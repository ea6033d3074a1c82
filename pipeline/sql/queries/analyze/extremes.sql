-- The archived puzzles whose center gave the most points of their letters (the $limit largest)
-- and the fewest (the $limit smallest), with the range the other centers would have given.
WITH extremes AS (
    SELECT
        'largest for its letters' AS kind,
        *,
        row_number() OVER (ORDER BY points DESC, date) AS place
    FROM puzzle_ranks
    WHERE center_rank = 1
    UNION ALL
    SELECT
        'smallest for its letters' AS kind,
        *,
        row_number() OVER (ORDER BY points, date) AS place
    FROM puzzle_ranks
    WHERE center_rank_from_last = 1
)
SELECT
    kind,
    date,
    upper(center) || others AS letters,
    words,
    points,
    fewest_points_of_letters,
    most_points_of_letters,
    points_rank,
    space_size AS honeycombs
FROM extremes
WHERE place <= $limit
ORDER BY kind, place;
