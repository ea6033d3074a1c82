-- `today` and its date are one game: the progress kept under the id `today` of the NYT puzzle of
-- day :day moves to its date, :date (run once per such day). Where the owner has progress under
-- the date too, the words found under `today` follow the date's (each word once) and a reveal or
-- a solve under either holds for both. Progress from before players kept under `today` has no
-- day (the store never knew it) and stays as it is.
INSERT INTO puzzles_played (owner_id, game, puzzle, letters, day, points, genius, par, solved, revealed)
SELECT owner_id, game, :date, letters, day, points, genius, par, solved, revealed
FROM puzzles_played
WHERE puzzle = 'today' AND day = :day
ON CONFLICT (owner_id, game, puzzle, letters) DO UPDATE
SET solved = CASE WHEN excluded.solved = 1 THEN 1 ELSE puzzles_played.solved END,
    revealed = CASE WHEN excluded.revealed = 1 THEN 1 ELSE puzzles_played.revealed END;
INSERT INTO words_found (owner_id, game, puzzle, letters, position, word, points, after_reveal)
SELECT kept.owner_id, kept.game, :date, kept.letters,
    kept.position + coalesce((
        SELECT max(dated.position) FROM words_found AS dated
        WHERE dated.owner_id = kept.owner_id AND dated.game = kept.game
            AND dated.puzzle = :date AND dated.letters = kept.letters
    ), 0),
    kept.word, kept.points, kept.after_reveal
FROM words_found AS kept
JOIN puzzles_played AS played
    ON played.owner_id = kept.owner_id AND played.game = kept.game
    AND played.puzzle = kept.puzzle AND played.letters = kept.letters
WHERE kept.puzzle = 'today' AND played.day = :day
ON CONFLICT (owner_id, game, puzzle, letters, word) DO NOTHING;
DELETE FROM puzzles_played WHERE puzzle = 'today' AND day = :day
