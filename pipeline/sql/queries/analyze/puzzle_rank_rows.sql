-- One row per archived puzzle: its words and points with the custom dictionary, its ranks among
-- every honeycomb of its era (and the share of honeycombs that score at least as much), and how
-- its center ranks among the 7 of its letters. The NYT's own counts beside them.
SELECT
    date,
    upper(center) || others AS letters,
    CASE WHEN s_allowed THEN 'S allowed' ELSE 'no S' END AS era,
    words,
    pangrams,
    points,
    points_rank,
    words_rank,
    space_size AS honeycombs,
    points_rank / space_size AS points_top_share,
    words_rank / space_size AS words_top_share,
    center_rank,
    most_points_of_letters,
    fewest_points_of_letters,
    nyt_words,
    nyt_points
FROM puzzle_ranks
ORDER BY date;
