-- The words stage: one row per distinct word from every source, with its packed letter mask.
-- $words_tsv: word, letter_mask, length, distinct_letters, sources (comma list), zipf,
--             wordfreq_rank, brown_count, capitalized, first_name
CREATE OR REPLACE TABLE words AS
WITH raw_words AS (
    SELECT *
    FROM read_csv($words_tsv, delim = '\t', header = false, quote = '', nullstr = '',
        columns = {
            'word': 'VARCHAR', 'letter_mask': 'INTEGER', 'length': 'SMALLINT',
            'distinct_letters': 'TINYINT', 'sources': 'VARCHAR', 'zipf': 'DOUBLE',
            'wordfreq_rank': 'INTEGER', 'brown_count': 'INTEGER',
            'capitalized': 'BOOLEAN', 'first_name': 'BOOLEAN'})
)
SELECT
    word,
    letter_mask,
    length,
    distinct_letters,
    string_split(sources, ',') AS sources,
    zipf,
    wordfreq_rank,
    brown_count,
    capitalized,
    first_name
FROM raw_words
ORDER BY word;

ALTER TABLE words ADD PRIMARY KEY (word);

CREATE OR REPLACE TABLE word_sources (
    source VARCHAR PRIMARY KEY,
    kind VARCHAR NOT NULL,
    origin VARCHAR NOT NULL,
    licence VARCHAR NOT NULL,
    entries_read INTEGER NOT NULL,
    words_kept INTEGER
);

CREATE OR REPLACE TABLE word_drops (
    source VARCHAR NOT NULL,
    reason VARCHAR NOT NULL,
    entries INTEGER NOT NULL,
    examples VARCHAR[],
    PRIMARY KEY (source, reason)
);
