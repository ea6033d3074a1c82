-- Records that the upgrade $number ($name) was applied now.
INSERT INTO schema_upgrades VALUES ($number, $name, now());
