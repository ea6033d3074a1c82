-- The NYT's boards measured on the custom list by the build's style step, by date.
SELECT date, sides, par, words, two_word_solutions FROM letter_boxed_boards ORDER BY date
