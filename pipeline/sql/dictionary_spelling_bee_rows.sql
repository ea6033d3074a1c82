-- Spelling Bee evidence rows: every (date, word) where a universe word was eligible for a past
-- puzzle, with the NYT's verdict, plus one undecided row per word as of $as_of (the build).
CREATE OR REPLACE TEMP TABLE dictionary_universe AS
SELECT word, letter_mask FROM words WHERE length >= 4
UNION
SELECT DISTINCT a.word,
       letter_mask(a.word)
FROM spelling_bee_answers AS a ANTI JOIN words AS w USING (word);

CREATE OR REPLACE TEMP VIEW candidate_words AS SELECT word, letter_mask FROM dictionary_universe;

CREATE OR REPLACE TEMP VIEW puzzles_to_solve AS
SELECT date_diff('day', DATE '2000-01-01', date) AS puzzle_id, center, others
FROM spelling_bee_puzzles;
