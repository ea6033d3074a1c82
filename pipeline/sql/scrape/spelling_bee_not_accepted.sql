-- The words nytbee.com lists as not accepted, per Spelling Bee puzzle.
CREATE OR REPLACE TABLE spelling_bee_not_accepted (
    date DATE NOT NULL,
    word VARCHAR NOT NULL CHECK (regexp_full_match(word, '[a-z]+')),
    PRIMARY KEY (date, word)
);

INSERT INTO spelling_bee_not_accepted
SELECT DISTINCT d.date, word
FROM spelling_bee_source_days AS d, unnest(d.not_accepted) AS t(word)
WHERE d.source = 'nytbee'
ORDER BY d.date, word;
