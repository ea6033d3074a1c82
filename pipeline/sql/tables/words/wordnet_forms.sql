-- One row per word WordNet describes (of a game's length at least), whichever list holds it, and
-- lemma whose senses describe it: each plain lemma (its own senses: `inflects` NULL), and each
-- inflected form whose base form `wordnet.morphy` finds among the warehouse's words, the forms
-- WordNet's rules and exception lists make of its lemmas (so that a word only the NYT's lists
-- hold, `shufti`, `rainflies`, is described too) and the lemmas themselves (`footed`, a lemma,
-- is foot's past tense too), with the parts of speech it inflects: what a clue is made of, with
-- wordnet_senses (wordnet_words holds the warehouse's words of it, each described once). `other_forms`: the forms of the word its clue must not show besides its regular
-- ones, its bases in every part of speech (morphy's, and the lemmas its regular endings leave),
-- the irregular forms WordNet's exception lists give them (`gave`: give, given; `wryly`: wry;
-- sources/wordnet.py other_forms) and the words WordNet derives from its senses or they from
-- (`sex`: sexual, sexy). Reads wordnet_sense_rows, wordnet_form_rows and wordnet_other_form_rows
-- (handed over by words.py).
-- Built whole by each run of its stage (replaced, then filled by sql/queries/words/wordnet_forms.sql).
CREATE OR REPLACE TABLE wordnet_forms (
    word VARCHAR NOT NULL CHECK (regexp_full_match(word, '[a-z]+')),
    base_form VARCHAR NOT NULL CHECK (regexp_full_match(base_form, '[a-z]+')),
    inflects VARCHAR[] CHECK (
        len(inflects) BETWEEN 1 AND 4 AND len(list_distinct(inflects)) = len(inflects)
    ),
    other_forms VARCHAR[] NOT NULL CHECK (NOT list_contains(other_forms, word)),
    CHECK ((inflects IS NULL) = (word = base_form)),
    PRIMARY KEY (word, base_form)
);
-- A clue looks its words up by word alone (clues/word_senses.sql): 4 times faster than a scan.
CREATE INDEX wordnet_forms_by_word ON wordnet_forms (word);
