-- Adds $game's rows to nyt_style from the view style_rows handed over by games/<game>/style.py.
DELETE FROM nyt_style WHERE game = $game;
INSERT INTO nyt_style
SELECT $game, feature, value, position, nyt_puzzles, nyt_share, candidate_share FROM style_rows
