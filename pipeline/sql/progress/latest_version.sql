-- The store's highest version (0 before any write): where a live feed starts.
SELECT coalesce(max(version), 0) AS version FROM progress_versions
