-- One game's style as the build learned it ($game), feature by feature in the order shown.
SELECT feature, value, nyt_puzzles, nyt_share, candidate_share
FROM nyt_style
WHERE game = $game
ORDER BY feature, position
