-- Records an upgrade applied to this store.
INSERT INTO progress_upgrades (number, name, applied_at) VALUES (:number, :name, :applied_at)
