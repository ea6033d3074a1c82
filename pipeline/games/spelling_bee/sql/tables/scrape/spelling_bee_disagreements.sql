-- Every date where another source disagrees with the chosen one (letters or answers), kept
-- instead of resolved silently.
-- Built whole by each run of its stage (replaced, then filled by games/spelling_bee/sql/queries/scrape/spelling_bee_disagreements.sql).
CREATE OR REPLACE TABLE spelling_bee_disagreements (
    date DATE NOT NULL,
    source_a VARCHAR NOT NULL,
    source_b VARCHAR NOT NULL CHECK (source_b <> source_a),
    letters_differ BOOLEAN NOT NULL,
    only_in_a VARCHAR[] NOT NULL,
    only_in_b VARCHAR[] NOT NULL,
    PRIMARY KEY (date, source_b)
);
