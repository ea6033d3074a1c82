-- Each source's parsed and valid Letter Boxed record per date (upserted from new_box_days, which
-- scrape.py hands over).
CREATE TABLE IF NOT EXISTS letter_boxed_source_days (
    date DATE NOT NULL,
    source VARCHAR NOT NULL CHECK (source IN ('simeydk', 'nyt_live')),
    sides VARCHAR[] NOT NULL CHECK (len(sides) = 4),
    nyt_solution VARCHAR[] NOT NULL,
    par INTEGER,
    nyt_id INTEGER,
    dictionary VARCHAR[],
    yesterdays_sides VARCHAR[],
    yesterdays_solution VARCHAR[],
    url VARCHAR NOT NULL,
    loaded_at TIMESTAMP NOT NULL,
    PRIMARY KEY (date, source)
);

INSERT OR REPLACE INTO letter_boxed_source_days
SELECT date::DATE, source, sides::VARCHAR[], nyt_solution::VARCHAR[], par::INTEGER,
       nyt_id::INTEGER, dictionary::VARCHAR[], yesterdays_sides::VARCHAR[],
       yesterdays_solution::VARCHAR[], url, now()
FROM new_box_days;
