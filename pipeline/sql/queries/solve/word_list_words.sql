-- The words of one stored word list $name, with their letter masks.
SELECT word, letter_mask FROM words WHERE list_contains(sources, $name) ORDER BY word;
