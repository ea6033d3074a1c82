-- Every upgrade of an older warehouse's tables a stage applied (pipeline/storage/upgrades.py,
-- sql/upgrades/NNN_*.sql): its number and name, and when.
-- Kept across runs (created when missing; a stage adds a row per upgrade it applies).
CREATE TABLE IF NOT EXISTS schema_upgrades (
    number INTEGER NOT NULL CHECK (number > 0),
    name VARCHAR NOT NULL,
    applied_at TIMESTAMP NOT NULL,
    PRIMARY KEY (number, applied_at)
);
