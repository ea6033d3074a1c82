-- Every universe word of $game with the custom dictionary's decision, its reason, its probability
-- and its whole evidence (a hand edit decides the words it names: `edited`). Reads decision_rows
-- (handed over by build_store.py: one row per universe word id, with the days of its last verdicts and
-- its buckets by number: $bucket_names and $history_bucket_names name them) and the universe.
-- Key (game, word), unique: not a PRIMARY KEY because DuckDB's index of its ~1.1 million keys
-- would add about 110 MB to the file; tests/test_invariants.py checks it instead.
-- Kept across runs (created when missing; sql/queries/build/custom_words.sql adds to it).
CREATE TABLE IF NOT EXISTS custom_words (
    game VARCHAR NOT NULL,  -- a game of the games table (tests/test_invariants.py checks it)
    word VARCHAR NOT NULL CHECK (regexp_full_match(word, '[a-z]+')),
    included BOOLEAN NOT NULL,
    reason VARCHAR NOT NULL,
    prior_verdicts INTEGER NOT NULL CHECK (prior_verdicts >= 0),
    prior_accepted INTEGER NOT NULL CHECK (prior_accepted BETWEEN 0 AND prior_verdicts),
    last_accepted BOOLEAN,
    last_verdict_date DATE,
    last_accepted_date DATE,
    last_rejected_date DATE,
    score DOUBLE NOT NULL,
    bucket VARCHAR NOT NULL,
    bucket_size INTEGER NOT NULL CHECK (bucket_size >= 0),
    bucket_rate DOUBLE NOT NULL CHECK (bucket_rate > 0 AND bucket_rate < 1),
    history_bucket VARCHAR CHECK ((history_bucket IS NULL) = (prior_verdicts = 0)),
    history_size INTEGER NOT NULL CHECK (history_size >= 0),
    probability DOUBLE NOT NULL CHECK (probability BETWEEN 0 AND 1),
    -- a new word's parent evidence: the new-word model with the rate of every earlier new word of
    -- its flags for its bucket's (a bucket of under 10 earlier new words needs it to reach 0.5)
    parent_probability DOUBLE CHECK ((parent_probability IS NULL) = (prior_verdicts > 0)),
    -- the new-word model's three largest factors for a new word (columns of the model, which
    -- dictionary_rules.factor_names names, from 0) and what each adds to the log-odds
    factor_1 SMALLINT CHECK (factor_1 IS NULL OR prior_verdicts = 0),
    factor_1_weight REAL CHECK ((factor_1_weight IS NULL) = (factor_1 IS NULL)),
    factor_2 SMALLINT CHECK ((factor_2 IS NULL) = (factor_1 IS NULL)),
    factor_2_weight REAL CHECK ((factor_2_weight IS NULL) = (factor_2 IS NULL)),
    factor_3 SMALLINT CHECK ((factor_3 IS NULL) = (factor_1 IS NULL)),
    factor_3_weight REAL CHECK ((factor_3_weight IS NULL) = (factor_3 IS NULL)),
    guarded BOOLEAN NOT NULL CHECK (NOT guarded OR prior_accepted = 0),
    edited BOOLEAN NOT NULL,
    maybe BOOLEAN NOT NULL CHECK (NOT (maybe AND (guarded OR edited))),
    nytbee_not_accepted INTEGER NOT NULL CHECK (nytbee_not_accepted >= 0),
    sources VARCHAR[] NOT NULL,
    zipf DOUBLE NOT NULL,
    wordfreq_rank INTEGER,
    brown_count INTEGER NOT NULL,
    capitalized BOOLEAN NOT NULL,
    first_name BOOLEAN NOT NULL,
    length INTEGER NOT NULL CHECK (length = length(word)),
    letter_mask INTEGER NOT NULL CHECK (letter_mask BETWEEN 1 AND 67108863)
);
