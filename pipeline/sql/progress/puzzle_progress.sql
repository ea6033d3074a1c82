-- An owner's words in a puzzle, in the order found, with their points, and whether they revealed
-- or solved it (one row with word NULL for a puzzle without words; no row: never written to).
SELECT found.word, found.points, played.revealed, played.solved
FROM puzzles_played AS played
LEFT JOIN words_found AS found
    ON found.owner_id = played.owner_id AND found.game = played.game
    AND found.puzzle = played.puzzle AND found.letters = played.letters
WHERE played.owner_id = :owner_id AND played.game = :game AND played.puzzle = :puzzle
    AND played.letters = :letters
ORDER BY found.position, found.word
