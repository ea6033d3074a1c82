-- The progress from before players becomes the player's whose token has this hash (at most once:
-- of two pages that try at the same moment, one finds it still unclaimed).
UPDATE owners SET kind = 'player', secret_hash = :secret_hash, written_at = :written_at
WHERE kind = 'unclaimed'
RETURNING owner_id
