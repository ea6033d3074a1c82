-- Forgets the players and rooms never written to that were made before :unused_before, and those
-- last written to before :idle_before, with every puzzle and word of theirs (the tables'
-- cascades); the progress from before players waits to be claimed and stays.
DELETE FROM owners
WHERE kind IN ('player', 'room')
    AND ((written_at IS NULL AND created_at < :unused_before) OR written_at < :idle_before)
