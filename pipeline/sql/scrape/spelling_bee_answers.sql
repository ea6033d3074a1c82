-- One row per Spelling Bee puzzle and official answer.
CREATE OR REPLACE TABLE spelling_bee_answers (
    date DATE NOT NULL,
    word VARCHAR NOT NULL CHECK (regexp_full_match(word, '[a-z]{4,}')),
    is_pangram BOOLEAN NOT NULL,
    PRIMARY KEY (date, word)
);

INSERT INTO spelling_bee_answers
SELECT p.date, word, list_contains(p.pangrams, word)
FROM spelling_bee_puzzles AS p, unnest(p.answers) AS t(word)
ORDER BY p.date, word;
