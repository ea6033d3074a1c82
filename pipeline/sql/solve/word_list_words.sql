-- The words of one stored word list $name.
SELECT word FROM words WHERE list_contains(sources, $name) ORDER BY word;
