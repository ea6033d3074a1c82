-- True when custom_words is from before the new-word model (it lacks factor_1).
SELECT count(*) > 0
FROM duckdb_tables() AS t
WHERE t.table_name = 'custom_words'
  AND NOT EXISTS (
      SELECT 1 FROM duckdb_columns() AS c
      WHERE c.table_name = 'custom_words' AND c.column_name = 'factor_1'
  );
