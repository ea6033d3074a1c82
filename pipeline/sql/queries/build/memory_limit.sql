-- The build's SQL works on small tables (the evidence is computed in numpy), so DuckDB's own
-- memory is capped to keep the whole build under 1.5 GB; past the cap DuckDB spills to
-- `<database>.tmp` beside the stage's copy, which the stage removes (warehouse.py).
SET memory_limit = '600MB';
