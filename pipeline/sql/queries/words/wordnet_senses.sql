-- Fills the wordnet_senses table (sql/tables/words/wordnet_senses.sql): the senses of the lemmas
-- that describe a word of wordnet_forms (words/wordnet_forms.sql).
INSERT INTO wordnet_senses
SELECT
    lemma::VARCHAR,
    rank::SMALLINT,
    part_of_speech::VARCHAR,
    lexicographer_file::VARCHAR,
    instance::BOOLEAN,
    gloss::VARCHAR,
    example::VARCHAR,
    synonyms::VARCHAR[],
    hypernyms::VARCHAR[],
    related_gloss::VARCHAR
FROM wordnet_sense_rows
WHERE lemma::VARCHAR IN (SELECT base_form FROM wordnet_forms)
ORDER BY lemma, rank;
