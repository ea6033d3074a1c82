-- A player's name, chosen anew.
INSERT INTO player_names (owner_id, name) VALUES (:owner_id, :name)
ON CONFLICT (owner_id) DO UPDATE SET name = excluded.name
