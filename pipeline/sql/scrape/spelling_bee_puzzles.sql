-- One Spelling Bee puzzle per date, from the best source of that date:
-- next-day NYT gameData > live NYT page > bulk archive > nytbee.com.
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

INSERT INTO spelling_bee_puzzles
WITH ranked_sources AS (
    SELECT
        *,
        CASE source
            WHEN 'nyt_gamedata' THEN 1 WHEN 'nyt_live' THEN 2
            WHEN 'bulk_archive' THEN 3 WHEN 'nytbee' THEN 4 ELSE 9
        END AS precedence
    FROM spelling_bee_source_days
),
chosen_source AS (
    SELECT * FROM ranked_sources
    QUALIFY row_number() OVER (PARTITION BY date ORDER BY precedence) = 1
)
SELECT
    date,
    center,
    others,
    letter_mask(center || others),
    letter_bit(center),
    answers,
    pangrams,
    len(answers),
    points,
    source
FROM chosen_source
ORDER BY date;
