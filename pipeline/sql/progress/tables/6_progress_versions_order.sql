-- The versions in order: the next version (the highest plus one) and the changes since a version
-- are read from it, not by a scan.
CREATE INDEX IF NOT EXISTS progress_versions_in_order ON progress_versions (version)
