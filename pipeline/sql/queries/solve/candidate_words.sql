-- The SQL solver's word list with packed letter masks (from word_list, handed over by the solver),
-- and the same words grouped by mask: a puzzle joins the ~58k distinct masks, not every word.
CREATE OR REPLACE TEMP TABLE candidate_words AS
SELECT word, letter_mask(word) AS letter_mask FROM word_list;
CREATE OR REPLACE TEMP TABLE candidate_masks AS
SELECT letter_mask, list(word ORDER BY word) AS words
FROM candidate_words
GROUP BY letter_mask;
