-- The NYT's daily Letter Boxed word list, one row per day and word (days with a known list).
-- Key (date, word), unique (DISTINCT below): not a PRIMARY KEY because DuckDB's index of its ~1.5
-- million keys would outweigh the table; tests/test_invariants.py checks it.
-- Built whole by each run of its stage (replaced, then filled by games/letter_boxed/sql/queries/scrape/letter_boxed_dictionary.sql).
CREATE OR REPLACE TABLE letter_boxed_dictionary (
    date DATE NOT NULL,
    word VARCHAR NOT NULL CHECK (regexp_full_match(word, '[a-z]{3,}'))
);
