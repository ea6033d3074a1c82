-- A new player made by its first write (written to now).
INSERT INTO owners (owner_id, kind, secret_hash, created_at, written_at)
VALUES (:owner_id, 'player', :secret_hash, :created_at, :written_at)
