-- The games verdict_changes already holds rows of.
SELECT DISTINCT game FROM verdict_changes;
