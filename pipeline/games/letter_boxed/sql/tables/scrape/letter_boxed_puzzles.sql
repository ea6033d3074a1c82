-- Merge the Letter Boxed days. A board contradicted by the next day's yesterdaysSides is the
-- NYT's placeholder: take the real board and solution from the next day, dictionary unknown.
-- A next day whose yesterdaysSides merely repeat this day's own yesterdaysSides is stale (the
-- NYT page sometimes lags a day) and contradicts nothing.
-- Built whole by each run of its stage (replaced, then filled by games/letter_boxed/sql/queries/scrape/letter_boxed_puzzles.sql).
CREATE OR REPLACE TABLE letter_boxed_puzzles (
    date DATE PRIMARY KEY,
    sides VARCHAR[] NOT NULL CHECK (len(sides) = 4),
    letters_mask INTEGER NOT NULL CHECK (bit_count(letters_mask) = 12),
    nyt_solution VARCHAR[] NOT NULL CHECK (len(nyt_solution) > 0),
    par INTEGER,
    nyt_id INTEGER,
    dictionary_known BOOLEAN NOT NULL,
    dictionary_size INTEGER CHECK ((dictionary_size IS NOT NULL) = dictionary_known),
    corrected_from_next_day BOOLEAN NOT NULL,
    source VARCHAR NOT NULL
);
