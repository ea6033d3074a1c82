"""The files the build writes beside the lists for `today` and `explain` (storage/built_files.py):
fresh only for the warehouse the build committed, and answering what the warehouse answers."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.errors import UserError
from pipeline.games import GAMES
from pipeline.stages import explain, today
from pipeline.storage import built_files, custom_lists, explain_index, warehouse
from pipeline.storage.day_files import DayFiles
from pipeline.storage.download import Downloader
from pipeline.storage.explain_index import ExplainIndex
from pipeline.storage.warehouse import WarehouseReader
from tests import tiny_archive
from tests.conftest import MirrorWarehouse

PROJECT = Path(__file__).resolve().parent.parent


@pytest.fixture
def tiny(tiny_warehouse: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the pipeline at the tiny warehouse and the files its build wrote, offline."""
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(tiny_warehouse))
    monkeypatch.setenv("PIPELINE_CUSTOM", str(tiny_warehouse.parent / "custom"))
    monkeypatch.setenv("PIPELINE_OFFLINE", "1")
    return tiny_warehouse


def test_the_build_vouches_for_its_files_and_the_warehouse_it_committed(tiny: Path) -> None:
    manifest = built_files.read_manifest()
    assert manifest["warehouse"] == built_files.stamp(tiny)
    assert sorted(built_files.fresh_files()) == [
        "explain_words.cols",
        "letter_boxed_days.jsonl",
        "letter_boxed_explain.cols",
        "spelling_bee_days.jsonl",
        "spelling_bee_explain.cols",
    ]
    assert set(custom_lists.every_file()) <= {p.name for p in (tiny.parent / "custom").iterdir()}


def test_a_warehouse_changed_since_or_copied_anew_is_read_instead(
    tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    custom = tmp_path / "custom"
    shutil.copytree(tiny.parent / "custom", custom)  # the files keep their times
    monkeypatch.setenv("PIPELINE_CUSTOM", str(custom))
    copy = tmp_path / "warehouse.duckdb"
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(copy))
    shutil.copy2(tiny, copy)  # the same size and time: the same warehouse
    assert DayFiles.fresh() is not None and built_files.fresh_files()
    shutil.copyfile(tiny, copy)  # the same bytes, a new time: maybe not the same warehouse
    assert DayFiles.fresh() is None and ExplainIndex.open_fresh() is None
    shutil.copy2(tiny, copy)
    with warehouse.stage_warehouse(copy):  # a stage commits: the files are not its
        pass
    assert built_files.fresh_files() == set()


def test_the_explain_index_answers_as_the_warehouse_for_every_word(tiny: Path) -> None:
    with warehouse.open_warehouse(tiny, read_only=True) as con:
        union = "SELECT word FROM words UNION SELECT word FROM custom_words"
        words = [word for (word,) in con.execute(union).fetchall()]
        index = ExplainIndex.open_fresh()
        assert index is not None
        with index:
            for word in sorted(words) + ["zzzq", "a"]:
                assert explained(index, word) == explained(WarehouseReader(con), word), word


def explained(reader: object, word: str) -> tuple[str, str]:
    """Return what `explain WORD` prints, as text and as JSON (or the error's line)."""
    try:
        as_json = json.dumps(explain.explain_record(reader, word), default=str)  # type: ignore[arg-type]
        return explain.explain(reader, word), as_json  # type: ignore[arg-type]
    except UserError as error:
        return str(error), ""


def test_the_day_files_answer_as_the_warehouse_for_every_day(tiny: Path) -> None:
    downloader = Downloader.from_env(offline=True)
    days = DayFiles.fresh()
    assert days is not None
    with warehouse.open_warehouse(tiny, read_only=True) as con:
        for game in GAMES:
            found = con.execute(f"SELECT date FROM {game.table('puzzles')}").fetchall()
            dates = [date for (date,) in found]
            for date in [*dates, None]:
                from_files = today.today(days, game, date, downloader)
                from_warehouse = today.today(WarehouseReader(con), game, date, downloader)
                assert shown(from_files) == shown(from_warehouse), (game.name, date)
        missing = (
            "no Spelling Bee puzzle on 2020-02-02: the archive runs from 2021-06-01 to 2025-01-10"
        )
        with pytest.raises(UserError, match=missing):
            today.today(days, GAMES[0], dt.date(2020, 2, 2), downloader)


def test_the_index_gives_the_clues_the_warehouse_gives_for_every_day(tiny: Path) -> None:
    downloader = Downloader.from_env(offline=True)
    index = ExplainIndex.open_fresh(games=())  # the words' file only: what `today --clues` opens
    assert index is not None and index.games == {}
    with index, warehouse.open_warehouse(tiny, read_only=True) as con:
        for game in GAMES:
            found = con.execute(f"SELECT date FROM {game.table('puzzles')}").fetchall()
            for (date,) in found:
                day = today.today(WarehouseReader(con), game, date, downloader)
                from_index = today.day_clues(index, day)
                assert from_index == today.day_clues(WarehouseReader(con), day), (game, date)
        words = [word for (word,) in con.execute("SELECT word FROM words").fetchall()]
        senses = "clues/word_senses"
        assert index.query(senses, {"words": words}) == WarehouseReader(con).query(
            senses, {"words": words}
        )
        # tiny_archive's senses: able 2, bale 3, bales 3 (bale's), blab 2, chat 2
        assert len(index.query(senses, {"words": words}).rows) == 12


def shown(day: today.Day) -> list[str]:
    """Return what `today` shows of a day, hidden and revealed, as text and as JSON."""
    return [
        text
        for reveal in (False, True)
        for text in (today.format_day(day, reveal), json.dumps(today.day_record(day, reveal)))
    ]


LOADED = """
import sys
from pipeline.cli import main
sys.argv = ["pipeline", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
print(sorted(name for name in ("duckdb", "numpy", "requests") if name in sys.modules))
"""


@pytest.mark.parametrize(
    "command",
    [
        ["today", "--offline"],
        ["today", "--offline", "--clues"],
        ["today", "letter-boxed", "--date", "2024-03-01", "--reveal"],
        ["explain", "bale"],
        ["explain", "blab", "--json"],
        ["solve", "letter-boxed", "bam", "lci", "kto", "shp"],
    ],
)
def test_a_question_a_person_waits_on_loads_no_database_and_no_arrays(
    tiny: Path, command: list[str]
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", LOADED, *command],
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        cwd=PROJECT,
        check=True,
    )
    assert done.stdout.splitlines()[-1] == "[]", done.stdout


@pytest.mark.mirror
def test_the_mirror_warehouse_s_files_answer_as_it_does(
    mirror_warehouse: MirrorWarehouse, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in mirror_warehouse.env.items():
        monkeypatch.setenv(name, value)
    index, days = ExplainIndex.open_fresh(), DayFiles.fresh()
    assert index is not None and days is not None
    downloader = Downloader.from_env(offline=True)
    with index, mirror_warehouse.connect() as con:
        reader = WarehouseReader(con)
        sample = (
            "SELECT word FROM custom_words WHERE game = $game USING SAMPLE 8 ROWS (reservoir, 7)"
        )
        words = [w for g in GAMES for (w,) in con.execute(sample, {"game": g.name}).fetchall()]
        for word in [*words, "bales", "hied", "tipi", "the", "xu"]:  # the last two: short
            assert explained(index, word) == explained(reader, word), word
        for game in GAMES:
            dates = "SELECT date FROM {} USING SAMPLE 4 ROWS (reservoir, 7)"
            for (date,) in [*con.execute(dates.format(game.table("puzzles"))).fetchall(), (None,)]:
                from_files = today.today(days, game, date, downloader)
                assert shown(from_files) == shown(today.today(reader, game, date, downloader))


def test_a_build_of_one_game_keeps_the_other_game_s_index_true_to_its_tables(
    tiny_copy: Path,
) -> None:
    result = CliRunner().invoke(app, ["build", "spelling-bee"])

    assert result.exit_code == 0, result.output
    assert "letter_boxed_explain.cols" in built_files.fresh_files()  # its build's, still true
    assert explain_index.file_build("letter_boxed_explain.cols") == tiny_archive.RUN_ID
    assert explain_index.file_build("spelling_bee_explain.cols") != tiny_archive.RUN_ID
    with warehouse.open_warehouse(tiny_copy, read_only=True) as con:
        words = [w for (w,) in con.execute("SELECT word FROM custom_words").fetchall()]
        index = ExplainIndex.open_fresh()
        assert index is not None
        with index:
            for word in sorted(set(words)):
                assert explained(index, word) == explained(WarehouseReader(con), word), word
