-- The fitted style models `pipeline generate` reads (pipeline/model/honeycomb_style.py,
-- board_style.py): each term's value, in order; rebuilt a game at a time by the style step.
CREATE TABLE IF NOT EXISTS style_models (
    game VARCHAR NOT NULL REFERENCES games (name),
    model VARCHAR NOT NULL,  -- likeness, letter_shares, vowel_counts, par_shares
    position INTEGER NOT NULL CHECK (position >= 0),
    term VARCHAR NOT NULL,
    value DOUBLE NOT NULL,
    trained_until DATE NOT NULL,  -- the last archived day the model learned from
    PRIMARY KEY (game, model, position)
);
