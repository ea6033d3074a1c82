"""The warehouse: all-or-nothing stages (an exception, a killed process) and a locked file."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
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

# Another process holds the warehouse open for writing until its standard input is closed.
HOLD_THE_LOCK = """
import sys
import duckdb

con = duckdb.connect(sys.argv[1])
print("locked", flush=True)
sys.stdin.read()
"""


@pytest.fixture
def lock_holder(words_warehouse: Path) -> Iterator[subprocess.Popen[str]]:
    """Yield another process once it holds the words warehouse open for writing."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_THE_LOCK, str(words_warehouse)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        yield holder
    finally:
        holder.kill()
        holder.wait(timeout=60)


@pytest.fixture
def locked_warehouse(words_warehouse: Path, lock_holder: subprocess.Popen[str]) -> Path:
    """Return a warehouse file that another process holds open for writing."""
    return words_warehouse


def holder_named(holder: subprocess.Popen[str], path: Path) -> str:
    """Return how a command names the process that holds the lock: its id and its command line,
    on one line and cut at 100 characters."""
    command = f"{sys.executable} -c {' '.join(HOLD_THE_LOCK.split())} {path}"
    return f"process {holder.pid} ({command[:99]}…)"


SOLVE = ["solve", "spelling-bee", "eaplbry", "--dictionary", "words_alpha"]


@pytest.mark.parametrize(
    "command",
    [["build"], ["scrape", "--offline"], ["export", "spelling-bee"], SOLVE],
    ids=lambda command: " ".join(command[:2]),
)
def test_a_lock_still_held_after_the_wait_is_one_line_and_exit_status_2(
    locked_warehouse, lock_holder, tmp_path, command
):
    env = {
        "PIPELINE_WAREHOUSE": str(locked_warehouse),
        "PIPELINE_RAW": str(tmp_path / "raw"),
        "PIPELINE_CUSTOM": str(tmp_path / "custom"),
        "PIPELINE_MIRROR": "",
        "PIPELINE_LOCK_WAIT": "0",
    }
    result = CliRunner().invoke(app, command, env=env)

    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"error: cannot open the warehouse {locked_warehouse}: "
        f"{holder_named(lock_holder, locked_warehouse)} still holds its lock after 0 s "
        "(PIPELINE_LOCK_WAIT): end that process or close its connection, or set "
        "PIPELINE_LOCK_WAIT to wait longer\n"
    )


def run_in_a_process(command: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    """Start a pipeline command in a process of its own, its output piped."""
    return subprocess.Popen(
        [sys.executable, "-c", "from pipeline.cli import main; main()", *command],
        cwd=PROJECT_ROOT,
        env={**os.environ, **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_a_command_waits_for_the_lock_and_goes_on_when_it_is_let_go(locked_warehouse, lock_holder):
    env = {"PIPELINE_WAREHOUSE": str(locked_warehouse), "PIPELINE_LOCK_WAIT": "600"}
    waiting = run_in_a_process(SOLVE, env)
    assert waiting.stderr is not None and lock_holder.stdin is not None
    said = waiting.stderr.readline()  # once the command has found the lock held
    lock_holder.stdin.close()  # the other process ends, and its lock with it
    out, err = waiting.communicate(timeout=600)

    assert said == (
        f"waiting for the warehouse {locked_warehouse}: "
        f"{holder_named(lock_holder, locked_warehouse)} holds its lock "
        "(for up to 600 s, PIPELINE_LOCK_WAIT)\n"
    )
    assert (waiting.returncode, err) == (0, "")
    assert "  apple  " in out and "  berry  " in out


def test_a_lock_held_past_the_limit_is_the_waiting_line_then_one_error_line(
    locked_warehouse, lock_holder
):
    env = {"PIPELINE_WAREHOUSE": str(locked_warehouse), "PIPELINE_LOCK_WAIT": "1.5"}
    gave_up = run_in_a_process(["build"], env)
    out, err = gave_up.communicate(timeout=600)

    holder = holder_named(lock_holder, locked_warehouse)
    assert (gave_up.returncode, out) == (2, "")
    assert err.splitlines() == [
        f"waiting for the warehouse {locked_warehouse}: {holder} holds its lock "
        "(for up to 1.5 s, PIPELINE_LOCK_WAIT)",
        f"error: cannot open the warehouse {locked_warehouse}: {holder} still holds its lock "
        "after 1.5 s (PIPELINE_LOCK_WAIT): end that process or close its connection, or set "
        "PIPELINE_LOCK_WAIT to wait longer",
    ]


@pytest.mark.parametrize("value", ["soon", "-1", "inf"])
def test_a_lock_wait_that_is_no_number_of_seconds_is_one_line(words_warehouse, value):
    env = {"PIPELINE_WAREHOUSE": str(words_warehouse), "PIPELINE_LOCK_WAIT": value}
    result = CliRunner().invoke(app, SOLVE, env=env)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"error: PIPELINE_LOCK_WAIT is {value!r}, not a number of seconds (0 or more)\n"
    )


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
