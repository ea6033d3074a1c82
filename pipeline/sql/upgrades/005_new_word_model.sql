-- The build's tables from before the new-word model are dropped: the build creates them again.
DROP TABLE IF EXISTS backtest;
DROP TABLE IF EXISTS custom_words;
DROP TABLE IF EXISTS dictionary_rules;
DROP TABLE IF EXISTS dictionary_edits;
