-- One row per warehouse word (of a game's length at least) that WordNet knows: a lemma, or an
-- inflected form whose base form `wordnet.morphy` finds (`tidied` -> `tidy`, `geese` -> `goose`),
-- described by the senses of its base form in the parts of speech it takes (an inflected form:
-- the ones it inflects). `parts_of_speech` and `lexicographer_files` in the order of their most
-- frequent sense; `names_only`: every sense is a person, a place (`noun.person`,
-- `noun.location`) or an instance noun; `gloss` and `example`: of its most frequent sense.
-- Reads wordnet_forms, words and wordnet_senses.
-- Built whole by each run of its stage (replaced, then filled by sql/queries/words/wordnet_words.sql).
CREATE OR REPLACE TABLE wordnet_words (
    word VARCHAR PRIMARY KEY CHECK (regexp_full_match(word, '[a-z]+')),
    base_form VARCHAR NOT NULL CHECK (regexp_full_match(base_form, '[a-z]+')),
    parts_of_speech VARCHAR[] NOT NULL CHECK (
        len(parts_of_speech) BETWEEN 1 AND 4
        AND len(list_distinct(parts_of_speech)) = len(parts_of_speech)
    ),
    senses SMALLINT NOT NULL CHECK (senses > 0),
    lexicographer_files VARCHAR[] NOT NULL CHECK (len(lexicographer_files) BETWEEN 1 AND senses),
    names_only BOOLEAN NOT NULL,
    gloss VARCHAR NOT NULL CHECK (gloss <> ''),
    example VARCHAR CHECK (example <> '')
);
