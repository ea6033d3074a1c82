-- The SQL solver's word list with packed letter masks (from word_list, handed over by the solver).
CREATE OR REPLACE TEMP TABLE candidate_words AS
SELECT word, letter_mask(word) AS letter_mask FROM word_list;
