-- The rule the build chose for $game, with its parameters, its maybe band and its description.
-- Kept across runs (created when missing; sql/queries/build/dictionary_rules.sql adds to it).
CREATE TABLE IF NOT EXISTS dictionary_rules (
    game VARCHAR PRIMARY KEY REFERENCES games (name),
    score_column VARCHAR NOT NULL CHECK (starts_with(score_column, 'score_') OR score_column = 'probability'),
    new_word_threshold DOUBLE NOT NULL CHECK (new_word_threshold BETWEEN 0 AND 1),
    maybe_low DOUBLE NOT NULL CHECK (maybe_low BETWEEN 0 AND 1),
    maybe_high DOUBLE NOT NULL CHECK (maybe_high BETWEEN maybe_low AND 1),
    description VARCHAR NOT NULL,
    built_at TIMESTAMP NOT NULL,
    build_id VARCHAR NOT NULL,  -- names the staged word lists of this build (build.py)
    factor_names VARCHAR[] NOT NULL  -- the new-word model's columns (custom_words.factor_1 ..)
);
