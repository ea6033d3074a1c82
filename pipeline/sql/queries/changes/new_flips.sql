-- The flips on $dates (the days a scrape loaded): game, date, word and kind, by date.
SELECT game, date, word, change
FROM verdict_changes
WHERE change IS NOT NULL AND list_contains($dates::DATE[], date)
ORDER BY game, date, word;
