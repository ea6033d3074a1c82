-- The universe's words by id (build/universe.sql).
SELECT word FROM universe ORDER BY word_id;
