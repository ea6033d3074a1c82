-- Forgets the player whose token has this hash and, by the tables' cascades, every puzzle and word
-- of theirs; no row: no such player.
DELETE FROM owners WHERE kind = 'player' AND secret_hash = :secret_hash
RETURNING owner_id
