-- One row per distinct plain word (lowercase a-z) of any source, with its packed letter mask.
-- Reads what words.py hands over: source_word_rows (source, words: its words in one text, one a
-- line), the attributes zipf_rows, wordfreq_rank_rows and brown_count_rows (word, value), and the
-- markers capitalized_rows, first_name_rows and offensive_rows (word; offensive: on the LDNOOBW
-- list, a marker, not a source).
-- Built whole by each run of its stage (replaced, then filled by sql/queries/words/words.sql).
CREATE OR REPLACE TABLE words (
    word VARCHAR PRIMARY KEY CHECK (regexp_full_match(word, '[a-z]+')),
    letter_mask INTEGER NOT NULL CHECK (letter_mask BETWEEN 1 AND 67108863),
    length SMALLINT NOT NULL CHECK (length = length(word)),
    distinct_letters TINYINT NOT NULL CHECK (distinct_letters = bit_count(letter_mask)),
    sources VARCHAR[] NOT NULL CHECK (len(sources) > 0),
    zipf DOUBLE NOT NULL CHECK (zipf >= 0),
    wordfreq_rank INTEGER CHECK (wordfreq_rank > 0),
    brown_count INTEGER NOT NULL CHECK (brown_count >= 0),
    capitalized BOOLEAN NOT NULL,
    first_name BOOLEAN NOT NULL,
    offensive BOOLEAN NOT NULL
);
