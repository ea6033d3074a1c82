-- Fills the verdict_changes table (sql/tables/scrape/verdict_changes.sql) with $game's rows, from
-- what the game's hooks prepared: judged (date, word, accepted: every verdict on each word the
-- NYT accepted at least once) and corrections (date, word, correction, source).
DELETE FROM verdict_changes WHERE game = $game;

INSERT INTO verdict_changes
WITH both_verdicts AS (
    SELECT word FROM judged GROUP BY word HAVING bool_or(accepted) AND NOT bool_and(accepted)
),
history AS (
    SELECT
        j.date,
        j.word,
        j.accepted,
        lag(j.accepted) OVER (PARTITION BY j.word ORDER BY j.date) AS previous
    FROM judged AS j
    SEMI JOIN both_verdicts USING (word)
),
corrected AS (
    SELECT date, word, first(correction ORDER BY source) AS correction,
           first(source ORDER BY source) AS source
    FROM corrections
    GROUP BY date, word
)
SELECT
    $game,
    coalesce(h.word, c.word),
    coalesce(h.date, c.date),
    coalesce(h.accepted, c.correction = 'added during the day'),
    CASE  -- a change made during the day is a correction, not a flip between puzzles
        WHEN c.correction IS NOT NULL THEN NULL
        WHEN h.previous AND NOT h.accepted THEN 'accepted-then-rejected'
        WHEN NOT h.previous AND h.accepted THEN 'rejected-then-accepted'
    END,
    c.correction,
    c.source
FROM history AS h
FULL JOIN corrected AS c USING (date, word)
ORDER BY 2, 3;
