-- Fills the quarantine table (sql/tables/scrape/quarantine.sql).
-- A date that loads in this run (new_source_dates: every game's valid records) leaves it.
DELETE FROM quarantine
WHERE run_id <> 'merge'
  AND (game, source, date) IN (SELECT game, source, date::DATE FROM new_source_dates);

INSERT OR REPLACE INTO quarantine (game, source, url, date, reason, record, run_id, origin, sha256)
SELECT game, source, url, date::DATE, reason, record, $run_id, origin, sha256
FROM new_quarantine;
