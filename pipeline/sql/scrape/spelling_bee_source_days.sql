-- Each source's parsed and valid Spelling Bee record per date (upserted from new_bee_days, which
-- scrape.py hands over).
CREATE TABLE IF NOT EXISTS spelling_bee_source_days (
    date DATE NOT NULL,
    source VARCHAR NOT NULL CHECK (source IN ('nyt_gamedata', 'nyt_live', 'bulk_archive', 'nytbee')),
    center VARCHAR NOT NULL CHECK (regexp_full_match(center, '[a-z]')),
    others VARCHAR NOT NULL CHECK (regexp_full_match(others, '[a-z]{6}')),
    answers VARCHAR[] NOT NULL,
    pangrams VARCHAR[] NOT NULL,
    points INTEGER NOT NULL CHECK (points > 0),  -- the answers' total score (solvers.spelling_bee_scoring)
    not_accepted VARCHAR[] CHECK (not_accepted IS NULL OR source = 'nytbee'),
    url VARCHAR NOT NULL,
    loaded_at TIMESTAMP NOT NULL,
    PRIMARY KEY (date, source)
);

INSERT OR REPLACE INTO spelling_bee_source_days
SELECT date::DATE, source, center, others, answers::VARCHAR[], pangrams::VARCHAR[],
       points::INTEGER, not_accepted::VARCHAR[], url, now()
FROM new_bee_days;
