-- The warehouse words WordNet describes, with the lemma whose senses describe them: every word of
-- $min_length letters or more that is a lemma (all its senses), and every inflected form
-- (wordnet_form_rows, handed over by words.py: the senses of the parts of speech it inflects).
-- Read by words/wordnet_senses.sql and words/wordnet_words.sql (which drops it).
CREATE OR REPLACE TEMP TABLE wordnet_forms AS
SELECT word, word AS base_form, NULL::VARCHAR[] AS inflects
FROM words
WHERE length >= $min_length AND word IN (SELECT lemma::VARCHAR FROM wordnet_sense_rows)
UNION ALL
SELECT word::VARCHAR, base_form::VARCHAR, inflects::VARCHAR[] FROM wordnet_form_rows;
