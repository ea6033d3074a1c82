-- Drop the views an earlier build left in the warehouse while it wrote the days for `today`
-- (storage/day_files.py now names them for its own connection only, as temporary views).
DROP VIEW IF EXISTS day_rows;
DROP VIEW IF EXISTS expected_rows;
