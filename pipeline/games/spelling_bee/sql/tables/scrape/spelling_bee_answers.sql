-- One row per Spelling Bee puzzle and official answer.
-- Built whole by each run of its stage (replaced, then filled by games/spelling_bee/sql/queries/scrape/spelling_bee_answers.sql).
CREATE OR REPLACE TABLE spelling_bee_answers (
    date DATE NOT NULL,
    word VARCHAR NOT NULL CHECK (regexp_full_match(word, '[a-z]{4,}')),
    is_pangram BOOLEAN NOT NULL,
    PRIMARY KEY (date, word)
);
