-- The player or room whose secret has this hash (none: a wrong or forgotten secret).
SELECT owner_id FROM owners WHERE secret_hash = :secret_hash AND kind = :kind
