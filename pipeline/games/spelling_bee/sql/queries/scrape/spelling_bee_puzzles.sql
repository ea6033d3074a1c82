-- Fills the spelling_bee_puzzles table (games/spelling_bee/sql/tables/scrape/spelling_bee_puzzles.sql).
INSERT INTO spelling_bee_puzzles
WITH chosen_source AS (
    SELECT * FROM chosen_source_days('spelling_bee_source_days', $game)
)
SELECT
    date,
    center,
    others,
    letter_mask(center || others),
    letter_bit(center),
    answers,
    pangrams,
    len(answers),
    points,
    source
FROM chosen_source
ORDER BY date;
