-- Every universe word of $game with the custom dictionary's decision, its reason, its probability
-- and its whole evidence (a hand edit decides the words it names: `edited`). Reads decision_rows
-- (handed over by build.py: one row per universe word id, with the days of its last verdicts and
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
