-- The NYT's daily Letter Boxed word list, one row per day and word (days with a known list).
CREATE OR REPLACE TABLE letter_boxed_dictionary (
    date DATE NOT NULL,
    word VARCHAR NOT NULL CHECK (regexp_full_match(word, '[a-z]{3,}')),
    PRIMARY KEY (date, word)
);

INSERT INTO letter_boxed_dictionary
SELECT DISTINCT d.date, word
FROM letter_boxed_source_days AS d
JOIN letter_boxed_puzzles AS p ON p.date = d.date AND p.source = d.source AND p.dictionary_known,
     unnest(d.dictionary) AS t(word)
ORDER BY d.date, word;
