-- Fills the words table (sql/tables/words/words.sql).
-- The sources that keep words, numbered 0, 1, ... alphabetically.
CREATE OR REPLACE TEMP VIEW numbered_sources AS
SELECT source, words, row_number() OVER (ORDER BY source) - 1 AS number FROM source_word_rows;

-- Each word with one bit per source that has it (bits gather far faster than lists of names)
-- and its letter mask. A table of its own: read twice by one query, it took twice the memory.
CREATE OR REPLACE TEMP TABLE word_source_bits AS
WITH source_words AS (
    SELECT unnest(string_split(words, chr(10))) AS word, number FROM numbered_sources
)
SELECT word, bit_or(1 << number) AS source_bits, letter_mask(word) AS letter_mask
FROM source_words
GROUP BY word;

INSERT INTO words
WITH source_lists AS (
    -- each combination of sources that occurs (a few dozen), with its names in order
    SELECT source_bits, list(source ORDER BY source) AS sources
    FROM (SELECT DISTINCT source_bits FROM word_source_bits)
    JOIN numbered_sources ON (source_bits >> number) & 1 = 1
    GROUP BY source_bits
)
SELECT
    word,
    letter_mask,
    length(word),
    bit_count(letter_mask),
    sources,
    coalesce(zipf_rows.value, 0),
    wordfreq_rank_rows.value,
    coalesce(brown_count_rows.value, 0),
    word IN (SELECT word FROM capitalized_rows),
    word IN (SELECT word FROM first_name_rows),
    word IN (SELECT word FROM offensive_rows)
FROM word_source_bits
JOIN source_lists USING (source_bits)
LEFT JOIN zipf_rows USING (word)
LEFT JOIN wordfreq_rank_rows USING (word)
LEFT JOIN brown_count_rows USING (word)
ORDER BY word;

DROP TABLE word_source_bits;
DROP VIEW numbered_sources;
