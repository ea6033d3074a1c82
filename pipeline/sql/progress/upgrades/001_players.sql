-- A store from before players (one found_words table for everyone, SQLite only) becomes the
-- progress of one unclaimed owner, which the first page opened without a player's cookie claims:
-- every word and chain kept, its puzzles' dates as day numbers. What the statistics need of each
-- puzzle (points, Genius, par) and of each word (points) is written when it is played again.
INSERT INTO owners (owner_id, kind, secret_hash, created_at)
SELECT 'from-before-players', 'unclaimed', NULL, :now
WHERE EXISTS (SELECT 1 FROM found_words);
INSERT INTO puzzles_played (owner_id, game, puzzle, letters, day)
SELECT DISTINCT 'from-before-players', game, puzzle, letters,
    CASE WHEN puzzle GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
        THEN CAST(julianday(puzzle) - 1721424.5 AS INTEGER) END  -- date.toordinal()
FROM found_words;
INSERT INTO words_found (owner_id, game, puzzle, letters, position, word)
SELECT 'from-before-players', game, puzzle, letters, position, word FROM found_words;
DROP TABLE found_words
