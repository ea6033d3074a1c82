-- The rule the last build chose for $game.
SELECT score_column, new_word_threshold FROM dictionary_rules WHERE game = $game;
