-- Each owner's last write (`written_at`, to the minute), which expiry reads (purge.sql): an owner
-- with progress counts as written at the upgrade, so that its idle time starts then; one without
-- stays unwritten (made, never written to).
ALTER TABLE owners ADD COLUMN written_at TEXT;
UPDATE owners SET written_at = :now
WHERE kind <> 'unclaimed' AND owner_id IN (SELECT owner_id FROM puzzles_played)
