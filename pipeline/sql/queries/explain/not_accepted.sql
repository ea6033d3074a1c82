-- The Spelling Bee puzzles where nytbee listed the word as not accepted; every word's, by word,
-- when $word is NULL (the index the build writes for `pipeline explain`).
SELECT word, date
FROM spelling_bee_not_accepted
WHERE $word IS NULL OR word = $word
ORDER BY word, date;
