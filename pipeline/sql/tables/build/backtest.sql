-- Every eligible (date, word) pair of $game's past puzzles: the NYT's verdict, the rule's
-- prediction on the evidence strictly before that date, and that evidence's verdict counts, the
-- probability it gives, whether the offensive-word guard applies (on the LDNOOBW list, never
-- accepted before) and whether it changed the prediction (the rule alone would have said "in").
-- Reads backtest_rows (day numbers, word ids, the evidence and the rule's decisions, handed over
-- by build_store.py) and the universe's words.
-- Key (game, date, word), unique: not declared as a PRIMARY KEY because DuckDB would keep an index
-- of its ~8 million keys (about 600 MB, four times the rest of the warehouse);
-- tests/test_invariants.py checks it instead.
-- Kept across runs (created when missing; sql/queries/build/backtest.sql adds to it).
CREATE TABLE IF NOT EXISTS backtest (
    game VARCHAR NOT NULL,  -- a game of the games table (tests/test_invariants.py checks it)
    date DATE NOT NULL,
    word VARCHAR NOT NULL CHECK (regexp_full_match(word, '[a-z]+')),
    accepted BOOLEAN NOT NULL,
    predicted BOOLEAN NOT NULL,
    prior_verdicts INTEGER NOT NULL CHECK (prior_verdicts >= 0),
    prior_accepted INTEGER NOT NULL CHECK (prior_accepted BETWEEN 0 AND prior_verdicts),
    last_accepted BOOLEAN CHECK ((last_accepted IS NULL) = (prior_verdicts = 0)),
    probability DOUBLE NOT NULL CHECK (probability BETWEEN 0 AND 1),
    guarded BOOLEAN NOT NULL CHECK (NOT (guarded AND (predicted OR prior_accepted > 0))),
    guard_changed BOOLEAN NOT NULL CHECK (guarded OR NOT guard_changed)
);
