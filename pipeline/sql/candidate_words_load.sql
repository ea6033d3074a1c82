-- Load a word file (one plain word per line) as candidate_words(word, letter_mask).
CREATE OR REPLACE TABLE candidate_words AS
SELECT
    word,
    list_reduce(list_transform(string_split(word, ''), lambda c: 1 << (ascii(c) - 97)),
                lambda a, b: a | b)::INTEGER AS letter_mask
FROM read_csv($words_file, header = false, columns = {'word': 'VARCHAR'}, quote = '', delim = '\t');
