-- The words nytbee.com lists as not accepted, per Spelling Bee puzzle.
-- Built whole by each run of its stage (replaced, then filled by games/spelling_bee/sql/queries/scrape/spelling_bee_not_accepted.sql).
CREATE OR REPLACE TABLE spelling_bee_not_accepted (
    date DATE NOT NULL,
    word VARCHAR NOT NULL CHECK (regexp_full_match(word, '[a-z]+')),
    PRIMARY KEY (date, word)
);
