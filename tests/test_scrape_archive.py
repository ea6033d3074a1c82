"""The scrape stage over the whole mirror: the archive tables, the quarantine, re-runs, exports."""

from __future__ import annotations

import csv
import datetime as dt
import json
import shutil
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.games.letter_boxed.archive import box_problems
from pipeline.games.letter_boxed.records import BoxRecord
from tests.conftest import MIRROR_UNTIL, MirrorWarehouse

pytestmark = pytest.mark.mirror

D = dt.date
runner = CliRunner()

SIMEYDK_DAY = "https://raw.githubusercontent.com/simeydk/letterboxed/main/data/letterboxed/{}.json"
ARCHIVE_TABLES = (
    "spelling_bee_source_days",
    "spelling_bee_puzzles",
    "spelling_bee_answers",
    "spelling_bee_not_accepted",
    "spelling_bee_disagreements",
    "letter_boxed_source_days",
    "letter_boxed_puzzles",
    "letter_boxed_dictionary",
    "quarantine",
    "scrape_log",
)


@pytest.fixture(scope="module")
def con(mirror_warehouse: MirrorWarehouse) -> duckdb.DuckDBPyConnection:
    """Return a read-only connection to the session's mirror warehouse."""
    return mirror_warehouse.connect()


def rows(con: duckdb.DuckDBPyConnection, query: str, params: dict | None = None) -> list[tuple]:
    """Return every row of a query."""
    return con.execute(query, params).fetchall()


def counts(con: duckdb.DuckDBPyConnection, tables: tuple[str, ...]) -> dict[str, int]:
    """Return the row count of each table."""
    return {table: rows(con, f"SELECT count(*) FROM {table}")[0][0] for table in tables}


# --- Spelling Bee ------------------------------------------------------------------------------


def test_spelling_bee_has_every_day_of_the_archive(con):
    assert rows(
        con, "SELECT count(*), count(DISTINCT date), min(date), max(date) FROM spelling_bee_puzzles"
    ) == [(2650, 2650, D(2018, 5, 9), D(2025, 8, 9))]
    gaps = rows(
        con,
        "SELECT date FROM (SELECT date, lag(date) OVER (ORDER BY date) AS previous FROM spelling_bee_puzzles) "
        "WHERE previous IS NOT NULL AND date - previous <> 1",
    )
    assert gaps == []


def test_hamachi_comes_from_the_next_day_gamedata(con):
    [(source, has_hamachi)] = rows(
        con,
        "SELECT source, list_contains(answers, 'hamachi') FROM spelling_bee_puzzles WHERE date = '2023-12-02'",
    )
    assert (source, has_hamachi) == ("nyt_gamedata", True)
    assert rows(
        con, "SELECT word FROM spelling_bee_answers WHERE date = '2023-12-02' AND word = 'hamachi'"
    ) == [("hamachi",)]


def test_the_only_disagreement_is_hamachi(con):
    assert rows(con, "SELECT * FROM spelling_bee_disagreements") == [
        (D(2023, 12, 2), "nyt_gamedata", "bulk_archive", False, ["hamachi"], [])
    ]


# --- Letter Boxed ------------------------------------------------------------------------------


def test_letter_boxed_has_every_mirrored_day(con):
    assert rows(con, "SELECT count(*), min(date), max(date) FROM letter_boxed_puzzles") == [
        (1171, D(2022, 4, 24), D(2025, 8, 9))
    ]


def test_the_placeholder_day_is_the_only_corrected_one(con):
    assert rows(
        con,
        "SELECT date, sides, nyt_solution, par, nyt_id, dictionary_known, source "
        "FROM letter_boxed_puzzles WHERE corrected_from_next_day",
    ) == [
        (
            D(2023, 9, 12),
            ["ier", "vsa", "ugm", "cly"],
            ["myalgic", "cursive"],
            None,
            None,
            False,
            "simeydk",
        )
    ]
    assert rows(con, "SELECT count(*) FROM letter_boxed_dictionary WHERE date = '2023-09-12'") == [
        (0,)
    ]
    # The board and solution taken from the next day obey the rules.
    corrected = BoxRecord(
        date=D(2023, 9, 12),
        sides=("ier", "vsa", "ugm", "cly"),
        nyt_solution=("myalgic", "cursive"),
        par=None,
        nyt_id=None,
        dictionary=None,
        yesterdays_sides=None,
        yesterdays_solution=None,
        source="simeydk",
    )
    assert box_problems(corrected) == []


# --- quarantine and re-runs --------------------------------------------------------------------


def test_quarantine_holds_exactly_the_known_problems(con):
    assert rows(
        con,
        "SELECT game, source, url, date, reason, record IS NOT NULL FROM quarantine ORDER BY date",
    ) == [
        (
            "spelling-bee",
            "nytbee",
            "https://nytbee.com/Bee_20180801.html",
            D(2018, 8, 1),
            "answers using all 7 letters not listed as pangrams: 1: gimcrack",
            True,
        ),
        (
            "letter-boxed",
            "simeydk",
            SIMEYDK_DAY.format("2023-09-12"),
            D(2023, 9, 12),
            "placeholder board lrc/egk/hib/nta contradicted by the next day's yesterdaysSides; "
            "replaced by ier/vsa/ugm/cly",
            False,
        ),
    ]


def test_an_offline_build_logs_no_network_fetch(con):
    assert rows(con, "SELECT count(*) FROM scrape_log") == [(0,)]


def test_a_second_offline_scrape_adds_nothing(mirror_warehouse: MirrorWarehouse, tmp_path: Path):
    copy = tmp_path / "warehouse.duckdb"
    shutil.copyfile(mirror_warehouse.warehouse, copy)
    env = {**mirror_warehouse.env, "PIPELINE_WAREHOUSE": str(copy)}
    with duckdb.connect(str(copy), read_only=True) as before_con:
        before = counts(before_con, ARCHIVE_TABLES)
        runs_before = rows(before_con, "SELECT count(DISTINCT run_id) FROM scrape_runs")[0][0]

    result = runner.invoke(app, ["scrape", "--offline", "--until", MIRROR_UNTIL], env=env)

    assert result.exit_code == 0, result.output
    con = duckdb.connect(str(copy), read_only=True)
    assert counts(con, ARCHIVE_TABLES) == before
    last_run = rows(
        con,
        "SELECT source, parsed, rejected, errors, fetched FROM scrape_runs "
        "WHERE run_id = (SELECT max(run_id) FROM scrape_runs) ORDER BY source",
    )
    assert last_run == [
        ("bulk_archive", 0, 0, 0, 0),
        ("nyt_gamedata", 0, 0, 0, 0),
        ("nytbee", 0, 0, 0, 0),
        ("simeydk", 0, 0, 0, 0),
    ]
    assert rows(con, "SELECT count(DISTINCT run_id) FROM scrape_runs") == [(runs_before + 1,)]


# --- export ------------------------------------------------------------------------------------


def export(mirror_warehouse: MirrorWarehouse, *args: str) -> None:
    """Run `pipeline export ARGS` on the mirror warehouse and check it succeeded."""
    result = runner.invoke(app, ["export", *args], env=mirror_warehouse.env)
    assert result.exit_code == 0, result.output


def read_jsonl(path: Path) -> list[dict]:
    """Return the objects of a JSON lines file."""
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_export_spelling_bee_jsonl(mirror_warehouse, tmp_path):
    out = tmp_path / "f.jsonl"
    export(mirror_warehouse, "spelling-bee", "--out", str(out))
    records = read_jsonl(out)
    assert len(records) == 2650
    assert {tuple(record) for record in records} == {
        ("date", "center", "others", "answers", "pangrams")
    }
    assert [r["date"] for r in records[:2]] == ["2018-05-09", "2018-05-10"]
    [hamachi_day] = [r for r in records if r["date"] == "2023-12-02"]
    assert "hamachi" in hamachi_day["answers"]
    assert list(tmp_path.iterdir()) == [out]  # no temporary file left beside it


def test_export_letter_boxed_jsonl_has_no_dictionary_for_the_placeholder_day(
    mirror_warehouse, tmp_path
):
    out = tmp_path / "letter_boxed.jsonl"
    export(mirror_warehouse, "letter-boxed", "--out", str(out))
    records = {r["date"]: r for r in read_jsonl(out)}
    assert len(records) == 1171
    assert records["2023-09-12"] == {
        "date": "2023-09-12",
        "sides": ["ier", "vsa", "ugm", "cly"],
        "nyt_solution": ["myalgic", "cursive"],
        "par": None,
        "dictionary": None,
    }
    assert all(r["dictionary"] for day, r in records.items() if day != "2023-09-12")


def test_export_csv(mirror_warehouse, tmp_path):
    out = tmp_path / "spelling_bee.csv"
    export(mirror_warehouse, "spelling-bee", "--format", "csv", "--out", str(out))
    with out.open(newline="") as handle:
        table = list(csv.reader(handle))
    assert table[0] == ["date", "center", "others", "answers", "pangrams"]
    assert len(table) == 2651
    [hamachi_day] = [row for row in table if row[0] == "2023-12-02"]
    assert "hamachi" in json.loads(hamachi_day[3])  # a list is one JSON array


@pytest.mark.parametrize(
    ("game", "rows_expected"), [("spelling-bee", 2650), ("letter-boxed", 1171)]
)
def test_export_parquet(mirror_warehouse, tmp_path, game, rows_expected):
    out = tmp_path / "archive.parquet"
    export(mirror_warehouse, game, "--format", "parquet", "--out", str(out))
    con = duckdb.connect()
    assert con.execute("SELECT count(*) FROM read_parquet($p)", {"p": str(out)}).fetchone() == (
        rows_expected,
    )
    first = con.execute("SELECT * FROM read_parquet($p) ORDER BY date LIMIT 1", {"p": str(out)})
    columns = [column[0] for column in first.description]
    if game == "spelling-bee":
        assert columns == ["date", "center", "others", "answers", "pangrams"]
    else:
        assert columns == ["date", "sides", "nyt_solution", "par", "dictionary"]
        placeholder = con.execute(
            "SELECT dictionary FROM read_parquet($p) WHERE date = '2023-09-12'", {"p": str(out)}
        ).fetchall()
        assert placeholder == [(None,)]
