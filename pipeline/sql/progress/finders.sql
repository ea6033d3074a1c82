-- Who found each word of a room's puzzle (owner :owner_id), with the name they chose (NULL: none)
-- and whether it is the player whose token has the hash :player (NULL: none named).
SELECT finder.word, named.name,
    coalesce(owner.secret_hash = CAST(:player AS TEXT), false) AS mine
FROM word_finders AS finder
JOIN owners AS owner ON owner.owner_id = finder.finder_id
LEFT JOIN player_names AS named ON named.owner_id = finder.finder_id
WHERE finder.owner_id = :owner_id AND finder.game = :game AND finder.puzzle = :puzzle
    AND finder.letters = :letters
