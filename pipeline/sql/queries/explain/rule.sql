-- The rule the last build chose for $game, as the build described it.
SELECT description FROM dictionary_rules WHERE game = $game;
