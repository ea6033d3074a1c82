-- The Spelling Bee puzzles where nytbee listed the word as not accepted.
SELECT date FROM spelling_bee_not_accepted WHERE word = $word ORDER BY date;
