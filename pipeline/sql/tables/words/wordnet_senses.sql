-- One row per sense of a WordNet lemma that describes a word of wordnet_forms (every plain lemma
-- of a game's length at least, and the base form of every inflected form): the clue inputs.
-- `rank` 1 is the lemma's most frequent sense (WordNet orders a lemma's senses by frequency
-- within each part of speech; the parts of speech follow the tagged count of their first sense:
-- sources/wordnet.py). `instance`: an instance noun (a particular person, place or thing:
-- `paris`). `synonyms`: the names of the other lemmas of its synset, in WordNet's order (`leg
-- it`: a multiword one with a space); `hypernyms`: the lemma names of its synset's first
-- hypernym in WordNet's data file (an instance's: its class), none for adjectives and adverbs;
-- `related_gloss`: an adjective's or adverb's, the gloss of what it is about (its pertainym:
-- `tibial`, the tibia's; `glaringly`, glaring's). Reads wordnet_sense_rows (handed over by words.py).
-- Built whole by each run of its stage (replaced, then filled by sql/queries/words/wordnet_senses.sql).
CREATE OR REPLACE TABLE wordnet_senses (
    lemma VARCHAR NOT NULL CHECK (regexp_full_match(lemma, '[a-z]+')),
    rank SMALLINT NOT NULL CHECK (rank > 0),
    part_of_speech VARCHAR NOT NULL CHECK (part_of_speech IN ('noun', 'verb', 'adjective', 'adverb')),
    lexicographer_file VARCHAR NOT NULL CHECK (
        lexicographer_file = 'adj.all'
        OR split_part(lexicographer_file, '.', 1) = CASE part_of_speech
            WHEN 'adjective' THEN 'adj' WHEN 'adverb' THEN 'adv' ELSE part_of_speech END
    ),
    instance BOOLEAN NOT NULL CHECK (NOT instance OR part_of_speech = 'noun'),
    gloss VARCHAR NOT NULL CHECK (gloss <> ''),
    example VARCHAR CHECK (example <> ''),
    synonyms VARCHAR[] NOT NULL,
    hypernyms VARCHAR[] NOT NULL,
    related_gloss VARCHAR CHECK (related_gloss IS NULL OR part_of_speech IN ('adjective', 'adverb')),
    PRIMARY KEY (lemma, rank)
);
