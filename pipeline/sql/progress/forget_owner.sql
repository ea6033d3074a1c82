-- Forgets a player (or room) and, by the tables' cascades, every puzzle and word of it.
DELETE FROM owners WHERE owner_id = :owner_id
