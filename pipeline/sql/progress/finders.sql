-- Who found each word of an owner's puzzle, with the name they chose (NULL: none).
SELECT finder.word, finder.finder_id, named.name
FROM word_finders AS finder
LEFT JOIN player_names AS named ON named.owner_id = finder.finder_id
WHERE finder.owner_id = :owner_id AND finder.game = :game AND finder.puzzle = :puzzle
    AND finder.letters = :letters
