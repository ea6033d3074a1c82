"""The command warehouse: one every command can run on, for the tests of what a command does to
the warehouse and to files (the error matrix of tests/test_cli_errors.py, the output paths of
tests/test_output_paths.py). Its puzzles are simple and repeated (the same Spelling Bee and
Letter Boxed board on three dates, with WordNet's senses of their answers from
tests/wordnet_extract.py), built by the real stages; the tests whose answers depend on each
verdict use the tiny archive instead (tests/tiny_archive.py, the `tiny_warehouse` fixture).

    path = build_command_warehouse(tmp_path / "warehouse.duckdb")
    before = warehouse_snapshot(path)   # every table's rows, to compare after a failed command
"""

from __future__ import annotations

import atexit
import dataclasses
import datetime as dt
import shutil
import tempfile
from pathlib import Path

import duckdb
import pytest

from pipeline.games import GAMES
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.stages import build, scrape
from pipeline.stages.words import WordCollection, load_words
from pipeline.storage import custom_lists, warehouse
from tests import wordnet_extract
from tests.made_up_days import BLACKSMITH, CLIMBED_ANSWERS

PUZZLE_DATES = (dt.date(2024, 1, 10), dt.date(2024, 7, 10), dt.date(2025, 1, 10))
FIRST_DATE, LAST_DATE = PUZZLE_DATES[0], PUZZLE_DATES[-1]
WORDS = (*CLIMBED_ANSWERS, *(BLACKSMITH.dictionary or ()), "climbs", "dice", "mice", "cab")


def command_scrape_run(dates: tuple[dt.date, ...] = PUZZLE_DATES) -> scrape.ScrapeRun:
    """Return a scrape run of one Spelling Bee and one Letter Boxed record per puzzle date."""
    run = scrape.ScrapeRun()
    for number, day in enumerate(dates):
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


# this process's first build of each set of dates, copied for the later callers
_built_once: dict[tuple[dt.date, ...], Path] = {}


def build_command_warehouse(path: Path, dates: tuple[dt.date, ...] = PUZZLE_DATES) -> Path:
    """Write the command warehouse to `path` (and its lists to `built_lists/` beside it) and
    return it: built by the real stages once per test process, then copied. `dates`: its puzzle
    dates (a page's tests play three in a row)."""
    template = _built_once.get(dates)
    if template is not None and template.is_file():
        # the warehouse, its lock file and the built lists, as the stages left them
        shutil.copytree(template.parent, path.parent, dirs_exist_ok=True)
        return path
    folder = Path(tempfile.mkdtemp(prefix="command_warehouse-"))
    atexit.register(shutil.rmtree, folder, True)
    template = folder / path.name
    _build(template, dates)
    _built_once[dates] = template
    return build_command_warehouse(path, dates)


def _build(path: Path, dates: tuple[dt.date, ...]) -> None:
    """Build the command warehouse at `path` with the real stages."""
    words = WordCollection()
    words.add_entries("words_alpha", list(WORDS))
    words.wordnet_senses = wordnet_extract.sense_columns  # the clues of its answers
    words.wordnet_forms = wordnet_extract.form_columns()
    words.wordnet_other_forms = wordnet_extract.other_form_columns()
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PIPELINE_CUSTOM", str(path.parent / "built_lists"))
        with warehouse.stage_warehouse(path) as con:
            load_words(con, words)
            scrape.load(con, command_scrape_run(dates), "small-run")
            build.build(con, GAMES, "small-build")
        custom_lists.publish_word_lists({game.name: "small-build" for game in GAMES})


def warehouse_snapshot(path: Path) -> dict[str, tuple]:
    """Return a digest of every table's rows (and the list of tables) of a warehouse file: the
    row count and the sum of the rows' 64-bit hashes, computed in SQL (millions of rows)."""
    with duckdb.connect(str(path), read_only=True) as con:
        tables = [
            row[0]
            for row in con.execute(
                "SELECT table_name FROM information_schema.tables ORDER BY table_name"
            ).fetchall()
        ]
        return {
            table: con.execute(
                f'SELECT count(*), sum(hash(t)::HUGEINT) FROM "{table}" AS t'
            ).fetchall()[0]
            for table in tables
        }


def workspace_environment(root: Path) -> dict[str, str]:
    """Return the variables that point the pipeline at a workspace folder (its warehouse, custom
    lists, download cache and reports), offline."""
    return {
        "PIPELINE_WAREHOUSE": str(root / "warehouse.duckdb"),
        "PIPELINE_CUSTOM": str(root / "custom"),
        "PIPELINE_RAW": str(root / "raw"),
        "PIPELINE_REPORTS": str(root / "reports"),
        "PIPELINE_MIRROR": "",
        "PIPELINE_OFFLINE": "1",
    }
