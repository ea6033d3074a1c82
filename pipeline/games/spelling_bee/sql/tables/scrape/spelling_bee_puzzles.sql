-- One Spelling Bee puzzle per date, from the best source of that date:
-- answer_sources.precedence (next-day NYT gameData > live NYT page > bulk archive > nytbee.com).
-- Built whole by each run of its stage (replaced, then filled by games/spelling_bee/sql/queries/scrape/spelling_bee_puzzles.sql).
CREATE OR REPLACE TABLE spelling_bee_puzzles (
    date DATE PRIMARY KEY,
    center VARCHAR NOT NULL CHECK (regexp_full_match(center, '[a-z]')),
    others VARCHAR NOT NULL CHECK (regexp_full_match(others, '[a-z]{6}')),
    letters_mask INTEGER NOT NULL CHECK (bit_count(letters_mask) = 7),
    center_bit INTEGER NOT NULL CHECK (center_bit & letters_mask = center_bit),
    answers VARCHAR[] NOT NULL CHECK (len(answers) > 0),
    pangrams VARCHAR[] NOT NULL CHECK (len(pangrams) > 0),
    answer_count INTEGER NOT NULL CHECK (answer_count = len(answers)),
    points INTEGER NOT NULL CHECK (points > 0),
    source VARCHAR NOT NULL
);
