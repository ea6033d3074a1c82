-- Drop the temp tables a game's build made (the next game makes its own), freeing their memory.
DROP TABLE IF EXISTS universe;
DROP TABLE IF EXISTS word_stems;
