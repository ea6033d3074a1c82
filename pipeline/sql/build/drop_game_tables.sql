-- Drop the temp tables one game's build made (the next game makes its own), freeing their memory.
DROP TABLE IF EXISTS universe;
DROP TABLE IF EXISTS word_stems;
DROP TABLE IF EXISTS candidate_masks;
DROP TABLE IF EXISTS puzzles_to_solve;
DROP TABLE IF EXISTS spelling_bee_solutions;
