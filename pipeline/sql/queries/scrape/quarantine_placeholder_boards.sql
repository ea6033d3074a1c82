-- The placeholder boards the Letter Boxed merge replaced, kept in quarantine with the reason
-- (rewritten on every merge).
DELETE FROM quarantine WHERE run_id = 'merge';

INSERT OR REPLACE INTO quarantine (game, source, url, date, reason, record, run_id)
SELECT $game, d.source, d.url, d.date,
       'placeholder board ' || array_to_string(d.sides, '/')
       || ' contradicted by the next day''s yesterdaysSides; replaced by '
       || array_to_string(p.sides, '/'),
       NULL, 'merge'
FROM letter_boxed_puzzles AS p
JOIN letter_boxed_source_days AS d ON d.date = p.date AND d.source = p.source
WHERE p.corrected_from_next_day;
