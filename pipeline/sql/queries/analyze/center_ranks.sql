-- How the NYT's center ranks by points among the 7 centers of its letters (1 = the most; NULL:
-- the letters are no pangram set of the dictionary), with the number of archived puzzles.
SELECT center_rank, count(*) AS puzzles
FROM puzzle_ranks
GROUP BY center_rank
ORDER BY center_rank NULLS LAST;
