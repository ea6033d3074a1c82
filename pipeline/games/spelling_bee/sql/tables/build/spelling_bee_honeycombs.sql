-- Every honeycomb of the custom Spelling Bee list (a pangram letter set of its listed words with
-- one of its letters as the center) with the figures the NYT's style reads, its likeness (the
-- model of pipeline/model/honeycomb_style.py, fitted on the whole archive) and its difficulty
-- (the percentage of the NYT's puzzles of the archive's last two years it is harder than).
-- Built whole by the build's style step (games/<game>/style.py); `pipeline generate` draws from it.
CREATE OR REPLACE TABLE spelling_bee_honeycombs (
    letters VARCHAR NOT NULL CHECK (regexp_full_match(letters, '[a-z]{7}')),
    center VARCHAR NOT NULL CHECK (regexp_full_match(center, '[a-z]') AND contains(letters, center)),
    letters_mask INTEGER NOT NULL CHECK (bit_count(letters_mask) = 7),
    center_bit INTEGER NOT NULL CHECK (bit_count(center_bit) = 1 AND letters_mask & center_bit <> 0),
    words INTEGER NOT NULL CHECK (words >= pangrams),
    pangrams INTEGER NOT NULL CHECK (pangrams >= 1),
    points INTEGER NOT NULL CHECK (points >= 7 * pangrams),
    low_frequency_points INTEGER NOT NULL CHECK (low_frequency_points BETWEEN 0 AND points),
    longest_pangram INTEGER NOT NULL CHECK (longest_pangram >= 7),
    common_pangram_zipf DOUBLE NOT NULL,  -- the Zipf frequency of its commonest pangram
    -- the sum over its eligible universe words of the chance the list's verdict is wrong
    expected_errors DOUBLE NOT NULL CHECK (expected_errors >= 0),
    -- offensive words listed or maybe, and words a hand edit decides: such a honeycomb is never
    -- generated
    unpublishable_words INTEGER NOT NULL CHECK (unpublishable_words >= 0),
    -- letter pairs the NYT never combined in its archive: such a honeycomb is never generated
    never_combined_pairs INTEGER NOT NULL CHECK (never_combined_pairs BETWEEN 0 AND 21),
    nyt_date DATE,  -- the last day the NYT used this very honeycomb
    log_odds DOUBLE NOT NULL,
    likeness DOUBLE NOT NULL CHECK (likeness BETWEEN 0 AND 1),
    difficulty DOUBLE NOT NULL CHECK (difficulty BETWEEN 0 AND 100),
    PRIMARY KEY (letters_mask, center_bit)
);
