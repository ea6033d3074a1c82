-- The words that can answer some honeycomb, with their packed letter masks and points.
-- Reads the view honeycomb_word_list(word, points), handed over by pipeline/analyze.py: the
-- candidates (>= 4 letters, <= 7 distinct) with each word's points computed in Python by
-- solvers/spelling_bee_scoring.py, the one home of the points rule.
CREATE OR REPLACE TEMP TABLE honeycomb_words (
    word VARCHAR PRIMARY KEY,
    letter_mask INTEGER NOT NULL CHECK (bit_count(letter_mask) BETWEEN 1 AND 7),
    points INTEGER NOT NULL CHECK (points >= 1)
);
INSERT INTO honeycomb_words
SELECT word, letter_mask(word), points FROM honeycomb_word_list;
