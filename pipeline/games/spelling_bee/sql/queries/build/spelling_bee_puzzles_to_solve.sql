-- The inputs of the SQL solver for the Spelling Bee backtest: the universe's words by letter set,
-- and every archived puzzle before $as_of (its id is its day number since 1970-01-01).
CREATE OR REPLACE TEMP TABLE candidate_masks AS
SELECT letter_mask, list(word) AS words FROM universe GROUP BY letter_mask;

CREATE OR REPLACE TEMP TABLE puzzles_to_solve AS
SELECT date_diff('day', DATE '1970-01-01', date) AS puzzle_id, center, others
FROM spelling_bee_puzzles
WHERE date < $as_of;
