-- The name a player chose (no row: none).
SELECT name FROM player_names WHERE owner_id = :owner_id
