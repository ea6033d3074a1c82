-- The rule the last build chose for a game, as the build described it.
SELECT description FROM dictionary_rules WHERE game = $game;
