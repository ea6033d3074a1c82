-- Every numbered upgrade of an older progress store applied (sql/progress/upgrades/NNN_*.sql):
-- its number and name, and when. A new store is made in the newest shape and needs none.
CREATE TABLE IF NOT EXISTS progress_upgrades (
    number INTEGER PRIMARY KEY CHECK (number > 0),
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL  -- UTC, ISO 8601
)
