-- Fills the letter_boxed_source_days table (games/letter_boxed/sql/tables/scrape/letter_boxed_source_days.sql).
INSERT OR REPLACE INTO letter_boxed_source_days
SELECT date::DATE, source, sides::VARCHAR[], nyt_solution::VARCHAR[], par::INTEGER,
       nyt_id::INTEGER, dictionary::VARCHAR[], yesterdays_sides::VARCHAR[],
       yesterdays_solution::VARCHAR[], url, now()
FROM new_letter_boxed_days;
