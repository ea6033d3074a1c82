-- The same-day corrections of $game from $first to $last (NULL: the archive's ends): a word the
-- final list of a day holds and a source that copied the day earlier lacks (or the reverse).
SELECT date, word, correction, corrected_source AS source
FROM verdict_changes
WHERE game = $game AND correction IS NOT NULL
  AND ($first IS NULL OR date >= $first) AND ($last IS NULL OR date <= $last)
  AND ($word IS NULL OR word = $word)
ORDER BY date, word;
