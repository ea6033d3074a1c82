-- A new player or room, known by the hash of its secret.
INSERT INTO owners (owner_id, kind, secret_hash, created_at)
VALUES (:owner_id, :kind, :secret_hash, :created_at)
