-- Fills the spelling_bee_puzzles table (sql/tables/scrape/spelling_bee_puzzles.sql).
INSERT INTO spelling_bee_puzzles
WITH ranked_sources AS (
    SELECT d.*, coalesce(s.precedence, 999) AS precedence
    FROM spelling_bee_source_days AS d
    LEFT JOIN answer_sources AS s ON s.source = d.source AND s.game = $game
),
chosen_source AS (
    SELECT * FROM ranked_sources
    QUALIFY row_number() OVER (PARTITION BY date ORDER BY precedence) = 1
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
