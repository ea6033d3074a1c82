-- Every date where another source disagrees with the chosen one (letters or answers), kept
-- instead of resolved silently.
CREATE OR REPLACE TABLE spelling_bee_disagreements (
    date DATE NOT NULL,
    source_a VARCHAR NOT NULL,
    source_b VARCHAR NOT NULL CHECK (source_b <> source_a),
    letters_differ BOOLEAN NOT NULL,
    only_in_a VARCHAR[] NOT NULL,
    only_in_b VARCHAR[] NOT NULL,
    PRIMARY KEY (date, source_b)
);

INSERT INTO spelling_bee_disagreements
SELECT
    p.date,
    p.source,
    d.source,
    (p.center || p.others) <> (d.center || d.others),
    list_sort(list_filter(p.answers, lambda w: NOT list_contains(d.answers, w))),
    list_sort(list_filter(d.answers, lambda w: NOT list_contains(p.answers, w)))
FROM spelling_bee_puzzles AS p
JOIN spelling_bee_source_days AS d ON d.date = p.date AND d.source <> p.source
WHERE (p.center || p.others) <> (d.center || d.others)
   OR list_sort(p.answers) <> list_sort(d.answers)
ORDER BY p.date, d.source;
