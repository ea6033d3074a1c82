-- Drop the SQL solver's tables once the Spelling Bee verdicts are fetched, freeing their memory.
DROP TABLE IF EXISTS candidate_masks;
DROP TABLE IF EXISTS puzzles_to_solve;
DROP TABLE IF EXISTS spelling_bee_solutions;
