-- Fills letter_boxed_boards from the view board_rows handed over by games/<game>/style.py.
INSERT INTO letter_boxed_boards
SELECT date, sides, par, words, one_word_solutions, two_word_solutions, likeness FROM board_rows
