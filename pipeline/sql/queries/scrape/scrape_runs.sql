-- Fills the scrape_runs table (sql/tables/scrape/scrape_runs.sql).
INSERT INTO scrape_runs (
    run_id, finished_at, source, fetched, from_cache, not_published, not_tried, parsed, rejected,
    errors, disagreements
)
WITH disagreements AS (
    SELECT source_b AS source, count(*) AS dates FROM spelling_bee_disagreements GROUP BY source_b
)
SELECT $run_id, now(), t.source, t.fetched, t.from_cache, t.not_published, t.not_tried, t.parsed,
       t.rejected, t.errors, coalesce(d.dates, 0)
FROM run_tallies AS t
LEFT JOIN disagreements AS d USING (source)
ORDER BY t.source;
