-- True when official_answers is still the view of older versions (both games' answers by UNION).
SELECT count(*) > 0 FROM duckdb_views() WHERE view_name = 'official_answers' AND NOT internal;
