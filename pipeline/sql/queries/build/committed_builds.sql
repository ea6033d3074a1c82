-- The build id of each game's committed dictionary.
SELECT game, build_id FROM dictionary_rules;
