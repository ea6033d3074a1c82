-- One game's stored puzzles ($puzzles, its puzzles table): how many fall from $first to $last (a
-- NULL bound: none), and the first and last stored dates (the range an empty window's error names).
SELECT
    count(*) FILTER (
        WHERE ($first IS NULL OR date >= $first) AND ($last IS NULL OR date <= $last)
    ) AS in_window,
    min(date) AS first,
    max(date) AS last
FROM query_table($puzzles);
