"""The warehouse: all-or-nothing stages (an exception, a killed process) and a locked file."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.stages import scrape, words
from pipeline.stages.words import WordCollection, load_words
from pipeline.storage import warehouse

PROJECT_ROOT = Path(__file__).resolve().parent.parent
WORD_TABLES = ("words", "word_sources", "word_drops")
SCRAPE_TABLES = ("spelling_bee_source_days", "spelling_bee_puzzles", "quarantine", "scrape_runs")


def collection(source: str, entries: list[str]) -> WordCollection:
    """Return a word collection of one source's entries."""
    gathered = WordCollection()
    gathered.add_entries(source, entries)
    return gathered


def snapshot(con: duckdb.DuckDBPyConnection, tables: tuple[str, ...]) -> dict[str, list[tuple]]:
    """Return every row of each table, in a stable order."""
    return {
        table: con.execute(f"SELECT * FROM {table} ORDER BY ALL").fetchall() for table in tables
    }


@pytest.fixture
def words_warehouse(tmp_path: Path) -> Path:
    """Return a warehouse file whose words stage loaded three words."""
    path = tmp_path / "warehouse.duckdb"
    con = warehouse.connect(path)
    load_words(con, collection("words_alpha", ["apple", "berry", "cherry", "Durian"]))
    con.close()
    return path


# --- an exception midway through a stage ------------------------------------------------------


def test_a_failing_words_stage_leaves_the_tables_as_they_were(words_warehouse, monkeypatch):
    con = warehouse.connect(words_warehouse)
    before = snapshot(con, WORD_TABLES)
    assert [row[0] for row in before["words"]] == ["apple", "berry", "cherry"]

    def fail_after_the_words_table(con):
        # by now words_load has replaced `words` inside the stage's transaction
        assert con.execute("SELECT count(*) FROM words").fetchall() == [(2,)]
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(words, "load_source_summary", fail_after_the_words_table)
    with pytest.raises(RuntimeError, match="disk on fire"):
        load_words(con, collection("enable", ["kiwi", "lemon"]))

    assert snapshot(con, WORD_TABLES) == before


def bee_record(day: dt.date) -> BeeRecord:
    """Return a valid made-up Spelling Bee record for a day."""
    return BeeRecord(
        date=day,
        center="b",
        others="cdeilm",
        answers=("bide", "climb", "climbed", "limb"),
        pangrams=("climbed",),
        source="bulk_archive",
    )


def scrape_run(*days: dt.date) -> scrape.ScrapeRun:
    """Return a scrape run holding one valid record per day."""
    run = scrape.ScrapeRun()
    for day in days:
        scrape.accept(run, bee_record(day), "https://example.org/bulk.txt")
    return run


def test_a_failing_scrape_load_leaves_the_tables_as_they_were(tmp_path, monkeypatch):
    con = warehouse.connect(tmp_path / "warehouse.duckdb")
    scrape.load(con, scrape_run(dt.date(2024, 6, 10)), "run-1")
    before = snapshot(con, SCRAPE_TABLES)
    assert len(before["spelling_bee_puzzles"]) == 1

    def fail(*args):
        raise RuntimeError("interrupted")

    monkeypatch.setattr(scrape, "record_summary", fail)
    with pytest.raises(RuntimeError, match="interrupted"):
        scrape.load(con, scrape_run(dt.date(2024, 6, 11)), "run-2")

    assert snapshot(con, SCRAPE_TABLES) == before


def test_checking_for_tables_leaves_the_connection_usable_for_relations(words_warehouse):
    # DuckDB 2 refuses relation queries while an execute() result is not fetched to the end
    con = warehouse.connect(words_warehouse, read_only=True)
    warehouse.require_tables(con, "words", stage_hint="pipeline words")
    assert con.sql("SELECT word FROM words ORDER BY word").fetchall() == [
        ("apple",),
        ("berry",),
        ("cherry",),
    ]


# --- a killed process --------------------------------------------------------------------------

KILLED_WORDS_STAGE = """
    import os, signal, sys
    from pathlib import Path
    from pipeline.storage import warehouse
    from pipeline.stages import words

    def die(con):
        os.kill(os.getpid(), signal.SIGKILL)  # after `words` was replaced, before COMMIT

    words.load_source_summary = die
    gathered = words.WordCollection()
    gathered.add_entries("enable", ["kiwi", "lemon"])
    words.load_words(warehouse.connect(Path(sys.argv[1])), gathered)
"""

KILLED_BIG_TRANSACTION = """
    import os, sys
    import duckdb

    con = duckdb.connect(sys.argv[1])
    con.execute("BEGIN TRANSACTION")
    con.execute("CREATE OR REPLACE TABLE words AS SELECT 'x' || range AS word FROM range(3000000)")
    con.execute("DROP TABLE word_drops")
    os._exit(9)
"""


@pytest.mark.parametrize(
    ("script", "status"),
    [(KILLED_WORDS_STAGE, -9), (KILLED_BIG_TRANSACTION, 9)],
    ids=["killed-words-stage", "exit-in-big-transaction"],
)
def test_a_killed_process_leaves_the_tables_as_they_were(words_warehouse, script, status):
    con = duckdb.connect(str(words_warehouse), read_only=True)
    before = snapshot(con, WORD_TABLES)
    con.close()

    killed = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script), str(words_warehouse)],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert killed.returncode == status, killed.stderr
    con = duckdb.connect(str(words_warehouse), read_only=True)
    assert snapshot(con, WORD_TABLES) == before


# --- a locked warehouse ------------------------------------------------------------------------

HOLD_THE_LOCK = """
import sys, time
import duckdb

con = duckdb.connect(sys.argv[1])
print("locked", flush=True)
time.sleep(120)
"""


@pytest.fixture
def locked_warehouse(words_warehouse: Path):
    """Yield a warehouse file that another process holds open for writing."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_THE_LOCK, str(words_warehouse)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        yield words_warehouse
    finally:
        holder.kill()
        holder.wait(timeout=30)


LOCK_MESSAGE = "error: cannot open the warehouse {path}: IO Error: Could not set lock on file"


@pytest.mark.parametrize(
    "command",
    [
        ["build"],
        ["scrape", "--offline"],
        ["export", "spelling-bee"],
        ["solve", "spelling-bee", "entivcz", "--dictionary", "words_alpha"],
    ],
    ids=lambda command: " ".join(command[:2]),
)
def test_a_locked_warehouse_is_one_line_and_exit_status_2(locked_warehouse, tmp_path, command):
    env = {
        "PIPELINE_WAREHOUSE": str(locked_warehouse),
        "PIPELINE_RAW": str(tmp_path / "raw"),
        "PIPELINE_CUSTOM": str(tmp_path / "custom"),
        "PIPELINE_MIRROR": "",
    }
    result = CliRunner().invoke(app, command, env=env)

    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(LOCK_MESSAGE.format(path=locked_warehouse))
    assert "Traceback" not in result.output


def test_a_locked_warehouse_in_a_real_process(locked_warehouse):
    env = {**os.environ, "PIPELINE_WAREHOUSE": str(locked_warehouse)}
    finished = subprocess.run(
        [sys.executable, "-c", "from pipeline.cli import main; main()", "build"],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert finished.returncode == 2
    assert finished.stdout == ""
    assert finished.stderr.startswith(LOCK_MESSAGE.format(path=locked_warehouse))
    assert finished.stderr.count("\n") == 1
    assert "Traceback" not in finished.stderr


def test_a_stage_sweeps_the_copies_and_spill_folders_killed_stages_left(words_warehouse):
    copy = words_warehouse.with_name(f".{words_warehouse.name}.building-999999")
    spill = words_warehouse.with_name(f".{words_warehouse.name}.building-999999.tmp")
    copy.write_bytes(b"half a database")
    spill.mkdir()
    (spill / "duckdb_temp_storage-0.tmp").write_bytes(b"spilled rows")
    with warehouse.stage_warehouse(words_warehouse) as con:
        assert con.execute("SELECT count(*) FROM words").fetchall()[0][0] > 0
    assert sorted(p.name for p in words_warehouse.parent.iterdir()) == [
        f".{words_warehouse.name}.lock",
        words_warehouse.name,
    ]
