-- True when quarantine is from before origin and sha256 (its older rows keep NULL there).
SELECT count(*) > 0
FROM duckdb_tables() AS t
WHERE t.table_name = 'quarantine'
  AND NOT EXISTS (
      SELECT 1 FROM duckdb_columns() AS c
      WHERE c.table_name = 'quarantine' AND c.column_name = 'sha256'
  );
