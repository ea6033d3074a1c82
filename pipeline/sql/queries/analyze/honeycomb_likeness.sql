-- The build's judgement of each honeycomb (the view judged_honeycombs, read by built_likeness.sql
-- from the warehouse) as the table honeycomb_rows.sql joins.
CREATE OR REPLACE TEMP TABLE honeycomb_likeness AS
SELECT letters_mask, center_bit, likeness, difficulty, expected_errors
FROM judged_honeycombs;
