-- The NYT changing its mind: every verdict on each word it both accepted and left out (each
-- puzzle where the word qualified: Spelling Bee, its letters fit and hold the center; Letter Boxed,
-- it is playable on the board), with the flip each verdict makes from the one before, and the
-- same-day corrections (a source that copied the day earlier disagreeing with the final list).
-- Key (game, word, date), unique; `game` names a game of games (checked by tests/test_invariants.py).
-- Kept across runs (created when missing; sql/queries/scrape/verdict_changes.sql rewrites a
-- game's rows whenever a scrape loads new days).
CREATE TABLE IF NOT EXISTS verdict_changes (
    game VARCHAR NOT NULL REFERENCES games (name),
    word VARCHAR NOT NULL CHECK (regexp_full_match(word, '[a-z]+')),
    date DATE NOT NULL,
    accepted BOOLEAN NOT NULL,  -- in the day's final list
    change VARCHAR CHECK (change IN ('accepted-then-rejected', 'rejected-then-accepted')),
    correction VARCHAR CHECK (correction IN ('added during the day', 'removed during the day')),
    corrected_source VARCHAR CHECK ((corrected_source IS NULL) = (correction IS NULL)),
    PRIMARY KEY (game, word, date),
    CHECK (change IS NULL OR (change = 'rejected-then-accepted') = accepted)
);
