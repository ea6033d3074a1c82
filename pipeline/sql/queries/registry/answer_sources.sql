-- Fills the answer_sources table (sql/tables/registry/answer_sources.sql) from
-- registered_sources, which stages/stage.py hands over from the registry.
DELETE FROM answer_sources;

INSERT INTO answer_sources
SELECT source, game, kind, url, precedence::INTEGER, first_date::DATE, timing
FROM registered_sources;
