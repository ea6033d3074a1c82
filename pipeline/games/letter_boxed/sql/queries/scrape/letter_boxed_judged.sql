-- The temp tables verdict_changes reads, for Letter Boxed: judged, from judged_rows (handed over
-- by games/letter_boxed/archive.py: every board where a word of some day's NYT list is playable,
-- and whether that day's list holds it), and no corrections (one source, its last copy of the day).
CREATE OR REPLACE TEMP TABLE judged AS
SELECT date::DATE AS date, word::VARCHAR AS word, accepted::BOOLEAN AS accepted FROM judged_rows;

CREATE OR REPLACE TEMP TABLE corrections (
    date DATE, word VARCHAR, correction VARCHAR, source VARCHAR
);
