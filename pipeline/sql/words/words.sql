-- One row per distinct plain word (lowercase a-z) of any source, with its packed letter mask.
-- Reads what words.py hands over: source_word_rows (source, words: its words in one text, one a
-- line), the attributes zipf_rows, wordfreq_rank_rows and brown_count_rows (word, value), and the
-- markers capitalized_rows, first_name_rows and offensive_rows (word; offensive: on the LDNOOBW
-- list, a marker, not a source).
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
WITH numbered_sources AS (
    SELECT source, words, row_number() OVER (ORDER BY source) AS number FROM source_word_rows
),
source_names AS (
    SELECT list(source ORDER BY number) AS names FROM numbered_sources
),
source_words AS (
    SELECT unnest(string_split(words, chr(10))) AS word, number FROM numbered_sources
),
word_sources AS (
    -- the sources by number: a list of small integers is three times faster to gather than names
    SELECT word, list_sort(list(number)) AS numbers, letter_mask(word) AS letter_mask
    FROM source_words
    GROUP BY word
)
SELECT
    word,
    letter_mask,
    length(word),
    bit_count(letter_mask),
    list_transform(numbers, lambda number: names[number]),
    coalesce(zipf_rows.value, 0),
    wordfreq_rank_rows.value,
    coalesce(brown_count_rows.value, 0),
    word IN (SELECT word FROM capitalized_rows),
    word IN (SELECT word FROM first_name_rows),
    word IN (SELECT word FROM offensive_rows)
FROM word_sources
CROSS JOIN source_names
LEFT JOIN zipf_rows USING (word)
LEFT JOIN wordfreq_rank_rows USING (word)
LEFT JOIN brown_count_rows USING (word)
ORDER BY word;
