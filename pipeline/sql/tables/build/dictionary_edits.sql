-- The hand edits (data/custom/edits.tsv) the build applied to $game's custom list: each word
-- forced in or out, why, and the line of the file. Reads edit_rows (handed over by build_store.py).
-- Kept across runs (created when missing; sql/queries/build/dictionary_edits.sql adds to it).
CREATE TABLE IF NOT EXISTS dictionary_edits (
    game VARCHAR NOT NULL REFERENCES games (name),
    word VARCHAR NOT NULL CHECK (regexp_full_match(word, '[a-z]+')),
    included BOOLEAN NOT NULL,
    reason VARCHAR NOT NULL CHECK (reason <> ''),
    line_number INTEGER NOT NULL CHECK (line_number > 0),
    PRIMARY KEY (game, word)
);
