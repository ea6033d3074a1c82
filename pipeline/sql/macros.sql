-- Macros every connection defines (warehouse.define_macros): the one home of each fact below.

-- Letter masks, the same packing as solvers.masks: bit i is the letter chr(97 + i).
CREATE TEMP MACRO IF NOT EXISTS letter_bit(letter) AS (1 << (ascii(letter) - 97))::INTEGER;

CREATE TEMP MACRO IF NOT EXISTS letter_mask(letters) AS
    list_reduce(list_transform(string_split(letters, ''), lambda c: letter_bit(c)),
                lambda a, b: a | b)::INTEGER;

-- Precision, recall and F1 of predictions against the NYT's verdicts. An empty denominator
-- scores 1.0 (nothing predicted: no false positive; nothing to find: nothing missed).
CREATE TEMP MACRO IF NOT EXISTS precision_of(hits, predicted) AS
    CASE WHEN predicted > 0 THEN hits / predicted ELSE 1.0 END;

CREATE TEMP MACRO IF NOT EXISTS recall_of(hits, answers) AS
    CASE WHEN answers > 0 THEN hits / answers ELSE 1.0 END;

CREATE TEMP MACRO IF NOT EXISTS f1_of(precision, recall) AS
    CASE WHEN precision + recall > 0 THEN 2 * precision * recall / (precision + recall) ELSE 0.0 END;
