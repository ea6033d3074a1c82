-- A player goes back to no name.
DELETE FROM player_names WHERE owner_id = :owner_id
