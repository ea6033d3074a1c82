-- An owner's last write is now (:written_at, to the minute: written at most once a minute).
UPDATE owners SET written_at = :written_at
WHERE owner_id = :owner_id AND (written_at IS NULL OR written_at < :written_at)
