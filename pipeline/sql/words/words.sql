-- One row per distinct plain word (lowercase a-z) of any source, with its packed letter mask.
-- Reads word_rows (handed over by words.py): word, sources, zipf, wordfreq_rank, brown_count,
-- capitalized, first_name, offensive (on the LDNOOBW list: a marker, not a source).
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

INSERT INTO words
SELECT
    word,
    letter_mask(word),
    length(word),
    bit_count(letter_mask(word)),
    string_split(sources, ','),
    zipf,
    nullif(wordfreq_rank, 0),
    brown_count,
    capitalized,
    first_name,
    offensive
FROM word_rows
ORDER BY word;
