"""A small warehouse for the CLI tests: words and puzzles loaded by the real stages, and the
build's tables (backtest, custom_words, dictionary_rules) written by hand.

    path = build_small_warehouse(tmp_path / "warehouse.duckdb")
    before = warehouse_snapshot(path)   # every table's rows, to compare after a failed command
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
from pathlib import Path

import duckdb

from pipeline import scrape, warehouse
from pipeline.sources.records import BeeRecord
from pipeline.words import WordCollection, load_words
from tests.made_up_days import BLACKSMITH, CLIMBED_ANSWERS

PUZZLE_DATES = (dt.date(2024, 1, 10), dt.date(2024, 7, 10), dt.date(2025, 1, 10))
FIRST_DATE, LAST_DATE = PUZZLE_DATES[0], PUZZLE_DATES[-1]
WORDS = (*CLIMBED_ANSWERS, *(BLACKSMITH.dictionary or ()), "climbs", "dice", "mice", "cab")

# The build's tables, as `pipeline build` declares them, with a few rows (see tests/test_report.py).
BUILD_TABLES_SQL = """
CREATE TABLE backtest (game VARCHAR, date DATE, word VARCHAR, accepted BOOLEAN,
                       predicted BOOLEAN, prior_verdicts INTEGER, prior_accepted INTEGER,
                       last_accepted BOOLEAN, PRIMARY KEY (game, date, word));
INSERT INTO backtest
    SELECT 'spelling-bee', date, word, true, true, 0, 0, NULL FROM spelling_bee_answers;
INSERT INTO backtest
    SELECT 'letter-boxed', date, word, true, true, 0, 0, NULL FROM letter_boxed_dictionary;
CREATE TABLE custom_words (game VARCHAR, word VARCHAR, included BOOLEAN, reason VARCHAR,
    prior_verdicts INTEGER, prior_accepted INTEGER, last_accepted BOOLEAN,
    last_verdict_date DATE, last_accepted_date DATE, last_rejected_date DATE, score DOUBLE,
    bucket VARCHAR, bucket_size INTEGER, bucket_rate DOUBLE, nytbee_not_accepted INTEGER,
    sources VARCHAR[], zipf DOUBLE, wordfreq_rank INTEGER, brown_count INTEGER,
    capitalized BOOLEAN, first_name BOOLEAN, length SMALLINT, letter_mask INTEGER,
    PRIMARY KEY (game, word));
INSERT INTO custom_words (game, word, included, prior_verdicts, prior_accepted, last_accepted,
                          score, reason)
    SELECT DISTINCT game, word, true, 3, 3, true, 1.0, 'accepted: 3 of 3 past verdicts accepted'
    FROM backtest;
CREATE TABLE dictionary_rules (game VARCHAR, score_column VARCHAR, new_word_threshold DOUBLE,
                               description VARCHAR, built_at TIMESTAMP);
INSERT INTO dictionary_rules VALUES
    ('spelling-bee', 'score_180', 0.55, 'the spelling bee rule', now()),
    ('letter-boxed', 'score_365', 0.4, 'the letter boxed rule', now());
"""


def small_scrape_run() -> scrape.ScrapeRun:
    """Return a scrape run of one Spelling Bee and one Letter Boxed record per puzzle date."""
    run = scrape.ScrapeRun()
    for number, day in enumerate(PUZZLE_DATES):
        bee = BeeRecord(
            date=day,
            center="b",
            others="cdeilm",
            answers=CLIMBED_ANSWERS,
            pangrams=("climbed",),
            source="bulk_archive",
        )
        box = dataclasses.replace(BLACKSMITH, date=day, nyt_id=2000 + number)
        scrape.accept(run, bee, "https://example.org/bulk.txt")
        scrape.accept(run, box, f"https://example.org/{day}.json")
    return run


def build_small_warehouse(path: Path) -> Path:
    """Write the small warehouse to `path` and return it."""
    words = WordCollection()
    words.add_entries("words_alpha", list(WORDS))
    with warehouse.open_warehouse(path) as con:
        load_words(con, words)
        scrape.load(con, small_scrape_run(), "small-run")
        con.execute(BUILD_TABLES_SQL)
    return path


def warehouse_snapshot(path: Path) -> dict[str, str]:
    """Return a checksum of every table's rows (and the list of tables) of a warehouse file."""
    with duckdb.connect(str(path), read_only=True) as con:
        tables = [
            row[0]
            for row in con.execute(
                "SELECT table_name FROM information_schema.tables ORDER BY table_name"
            ).fetchall()
        ]
        return {
            table: hashlib.sha256(
                repr(con.execute(f'SELECT * FROM "{table}" ORDER BY ALL').fetchall()).encode()
            ).hexdigest()
            for table in tables
        }
