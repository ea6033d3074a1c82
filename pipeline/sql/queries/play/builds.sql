-- Each game's committed build (with the scrape's last run: the warehouse's identity, which the
-- server's ETags are made from).
SELECT game, build_id FROM dictionary_rules ORDER BY game
