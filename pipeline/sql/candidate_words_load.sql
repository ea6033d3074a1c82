-- Load a word file (one plain word per line) as candidate_words(word, letter_mask).
CREATE OR REPLACE TABLE candidate_words AS
SELECT
    word,
    letter_mask(word) AS letter_mask
FROM read_csv($words_file, header = false, columns = {'word': 'VARCHAR'}, quote = '', delim = '\t');
