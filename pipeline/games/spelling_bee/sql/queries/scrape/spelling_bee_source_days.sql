-- Fills the spelling_bee_source_days table (games/spelling_bee/sql/tables/scrape/spelling_bee_source_days.sql).
INSERT OR REPLACE INTO spelling_bee_source_days
SELECT date::DATE, source, center, others, answers::VARCHAR[], pangrams::VARCHAR[],
       points::INTEGER, not_accepted::VARCHAR[], url, now()
FROM new_spelling_bee_days;
