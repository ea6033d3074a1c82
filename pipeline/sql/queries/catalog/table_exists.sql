-- Whether the warehouse has a table or view named $table.
SELECT count(*) FROM information_schema.tables WHERE table_name = $table;
