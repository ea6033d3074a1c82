-- Macros every connection defines (warehouse.prepare): the one home of each fact below.

-- Letter masks, the same packing as solvers.masks: bit i is the letter chr(97 + i).
CREATE TEMP MACRO IF NOT EXISTS letter_bit(letter) AS (1 << (ascii(letter) - 97))::INTEGER;

-- One term per letter, no lambda, so that CHECK constraints can use it too.
CREATE TEMP MACRO IF NOT EXISTS letter_mask(letters) AS (
      (contains(letters, 'a')::INTEGER << 0)
    | (contains(letters, 'b')::INTEGER << 1)
    | (contains(letters, 'c')::INTEGER << 2)
    | (contains(letters, 'd')::INTEGER << 3)
    | (contains(letters, 'e')::INTEGER << 4)
    | (contains(letters, 'f')::INTEGER << 5)
    | (contains(letters, 'g')::INTEGER << 6)
    | (contains(letters, 'h')::INTEGER << 7)
    | (contains(letters, 'i')::INTEGER << 8)
    | (contains(letters, 'j')::INTEGER << 9)
    | (contains(letters, 'k')::INTEGER << 10)
    | (contains(letters, 'l')::INTEGER << 11)
    | (contains(letters, 'm')::INTEGER << 12)
    | (contains(letters, 'n')::INTEGER << 13)
    | (contains(letters, 'o')::INTEGER << 14)
    | (contains(letters, 'p')::INTEGER << 15)
    | (contains(letters, 'q')::INTEGER << 16)
    | (contains(letters, 'r')::INTEGER << 17)
    | (contains(letters, 's')::INTEGER << 18)
    | (contains(letters, 't')::INTEGER << 19)
    | (contains(letters, 'u')::INTEGER << 20)
    | (contains(letters, 'v')::INTEGER << 21)
    | (contains(letters, 'w')::INTEGER << 22)
    | (contains(letters, 'x')::INTEGER << 23)
    | (contains(letters, 'y')::INTEGER << 24)
    | (contains(letters, 'z')::INTEGER << 25)
)::INTEGER;

-- Precision, recall and F1 of predictions against the NYT's verdicts. An empty denominator
-- scores 1.0 (nothing predicted: no false positive; nothing to find: nothing missed).
CREATE TEMP MACRO IF NOT EXISTS precision_of(hits, predicted) AS
    CASE WHEN predicted > 0 THEN hits / predicted ELSE 1.0 END;

CREATE TEMP MACRO IF NOT EXISTS recall_of(hits, answers) AS
    CASE WHEN answers > 0 THEN hits / answers ELSE 1.0 END;

CREATE TEMP MACRO IF NOT EXISTS f1_of(precision, recall) AS
    CASE WHEN precision + recall > 0 THEN 2 * precision * recall / (precision + recall) ELSE 0.0 END;

CREATE TEMP MACRO IF NOT EXISTS f1_of_counts(hits, predicted, answers) AS
    f1_of(precision_of(hits, predicted), recall_of(hits, answers));

-- Each row of a table of counts (`counts`: hits, predicted, answers, and the columns naming the
-- row) with its micro precision, recall and F1 in place of the counts.
CREATE TEMP MACRO IF NOT EXISTS micro_scores(counts) AS TABLE
    SELECT
        * EXCLUDE (hits, predicted, answers),
        precision_of(hits, predicted) AS precision,
        recall_of(hits, answers) AS recall,
        f1_of_counts(hits, predicted, answers) AS f1
    FROM query_table(counts);

-- An aggregate over the subsets `k` (1-127) of a set of 7 letters: the sums of `value` with each
-- letter as the center, the i-th sum over the subsets holding the i-th letter (bit i of k); one
-- pass for the 7 centers (analyze/honeycombs.sql says why).
CREATE TEMP MACRO IF NOT EXISTS sums_per_center(value, k) AS [
    sum(value * ((k >> 0) & 1)),
    sum(value * ((k >> 1) & 1)),
    sum(value * ((k >> 2) & 1)),
    sum(value * ((k >> 3) & 1)),
    sum(value * ((k >> 4) & 1)),
    sum(value * ((k >> 5) & 1)),
    sum(value * ((k >> 6) & 1))
];

-- The letters of a mask, alphabetically: the inverse of letter_mask.
CREATE TEMP MACRO IF NOT EXISTS mask_letters(mask) AS
    array_to_string(list_transform(list_filter(range(26), lambda i: (mask >> i) & 1 = 1), lambda i: chr(97 + i::INTEGER)), '');

-- One row per date of a game's source days table (`days`, as spelling_bee_source_days): the
-- day of the source that game's answer_sources ranks first (a source it does not rank, last).
CREATE TEMP MACRO IF NOT EXISTS chosen_source_days(days, game) AS TABLE
    SELECT d.*
    FROM query_table(days) AS d
    LEFT JOIN answer_sources AS s ON s.source = d.source AND s.game = game
    QUALIFY row_number() OVER (PARTITION BY d.date ORDER BY coalesce(s.precedence, 999)) = 1;

-- True when the table exists without the column: an upgrade's test of an older shape.
CREATE TEMP MACRO IF NOT EXISTS table_lacks_column(table_name_, column_name_) AS
    EXISTS (SELECT 1 FROM duckdb_tables() WHERE table_name = table_name_)
    AND NOT EXISTS (
        SELECT 1 FROM duckdb_columns()
        WHERE table_name = table_name_ AND column_name = column_name_
    );
