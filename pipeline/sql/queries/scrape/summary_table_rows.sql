-- The row count of one archive table, $table.
SELECT count(*) AS rows FROM query_table($table);
