-- The words in a puzzle of the owner a request names, in the order found, with their points, and
-- whether it was revealed or solved: the room whose code has the hash :room, else the player
-- whose token has the hash :player (each NULL when not named). At least one row: the first two
-- columns say whether a name is unknown; word NULL: no word (revealed NULL: never written to);
-- version: how far the puzzle has changed (0: never written to), its ETag.
WITH named AS (
    SELECT
        (SELECT owner_id FROM owners
         WHERE kind = 'player' AND secret_hash = CAST(:player AS TEXT)) AS player,
        (SELECT owner_id FROM owners
         WHERE kind = 'room' AND secret_hash = CAST(:room AS TEXT)) AS room
)
SELECT
    CAST(:player AS TEXT) IS NOT NULL AND named.player IS NULL AS unknown_player,
    CAST(:room AS TEXT) IS NOT NULL AND named.room IS NULL AS unknown_room,
    found.word, found.points, played.revealed, played.solved,
    coalesce(versions.version, 0) AS version
FROM named
LEFT JOIN puzzles_played AS played
    ON played.owner_id = CASE WHEN CAST(:room AS TEXT) IS NULL THEN named.player ELSE named.room END
    AND played.game = :game AND played.puzzle = :puzzle AND played.letters = :letters
LEFT JOIN progress_versions AS versions
    ON versions.owner_id = played.owner_id AND versions.game = played.game
    AND versions.puzzle = played.puzzle AND versions.letters = played.letters
LEFT JOIN words_found AS found
    ON found.owner_id = played.owner_id AND found.game = played.game
    AND found.puzzle = played.puzzle AND found.letters = played.letters
ORDER BY found.position, found.word
