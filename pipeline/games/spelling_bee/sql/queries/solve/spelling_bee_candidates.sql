-- The Spelling Bee candidates of one stored word list $name (words of $min_length letters or more
-- with at most $max_letters distinct ones) with their letter masks, longest first, then
-- alphabetically: the order the subsets solver ranks its words in
-- (solvers/spelling_bee_scoring.py), so that it builds its table in one pass.
SELECT word, letter_mask
FROM words
WHERE list_contains(sources, $name) AND length >= $min_length AND bit_count(letter_mask) <= $max_letters
ORDER BY length DESC, word;
