"""`pipeline export`: the archive between --since and --until, typed in Parquet; a custom list's
listed words only, or those of a least probability; options that do not apply are one error line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import duckdb
import pytest

from pipeline.cli import main
from tests.command_warehouse import build_command_warehouse


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_command_warehouse(tmp_path_factory.mktemp("export") / "warehouse.duckdb")


def run(capsys, monkeypatch, built: Path, *args: str) -> tuple[int, str, str]:
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(built))
    monkeypatch.setattr("sys.argv", ["pipeline", "export", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    out, err = capsys.readouterr()
    return int(exit_info.value.code or 0), out, err


def test_the_archive_between_two_days(capsys, monkeypatch, built: Path) -> None:
    status, out, _ = run(
        capsys, monkeypatch, built, "spelling-bee", "--since", "2024-02-01", "--until", "2024-12-31"
    )
    assert status == 0
    assert [json.loads(line)["date"] for line in out.splitlines()] == ["2024-07-10"]


def test_parquet_dates_are_dates(capsys, monkeypatch, built: Path, tmp_path: Path) -> None:
    target = tmp_path / "boxes.parquet"
    status, _, err = run(
        capsys,
        monkeypatch,
        built,
        "letter-boxed",
        "--since",
        "2025-01-01",
        "--format",
        "parquet",
        "--out",
        str(target),
    )
    assert (status, err) == (0, f"wrote 1 record to {target}\n")
    described = duckdb.execute(f"DESCRIBE SELECT * FROM '{target}'").fetchall()
    types = {row[0]: row[1] for row in described}
    assert types == {
        "date": "DATE",
        "sides": "VARCHAR[]",
        "nyt_solution": "VARCHAR[]",
        "par": "INTEGER",
        "dictionary": "VARCHAR[]",
    }


def test_a_custom_list_s_listed_words_or_the_likely_ones(
    capsys, monkeypatch, built: Path, tmp_path: Path
) -> None:
    judged = tmp_path / "warehouse.duckdb"
    shutil.copy(built, judged)
    with duckdb.connect(str(judged)) as con:  # two words left out, one of them unlikely
        con.execute(
            "UPDATE custom_words SET included = false, probability = 0.2 WHERE word = 'bile'"
        )
        con.execute(
            "UPDATE custom_words SET included = false, probability = 0.7 WHERE word = 'limb'"
        )

    def rows(*options: str) -> list[dict]:
        out = run(capsys, monkeypatch, judged, "custom", "spelling-bee", *options)[1]
        return [json.loads(line) for line in out.splitlines()]

    every, listed, likely = rows(), rows("--included-only"), rows("--min-probability", "0.5")
    assert [row["word"] for row in every if row not in listed] == ["bile", "limb"]
    assert listed == [row for row in every if row["included"]]
    assert [row["word"] for row in every if row not in likely] == ["bile"]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (("custom", "spelling-bee", "--since", "2024-01-01"), "--since and --until choose archive days: export custom has no dates"),
        (("spelling-bee", "--included-only"), "--included-only and --min-probability choose custom words: use export custom"),
        (("custom", "letter-boxed", "--min-probability", "1.5"), "--min-probability 1.5 is not a probability (0 to 1)"),
        (("spelling-bee", "--since", "2025-01-02", "--until", "2025-01-01"), "--since 2025-01-02 is after --until 2025-01-01"),
    ],
)  # fmt: skip
def test_options_that_do_not_apply_are_one_error_line(
    capsys, monkeypatch, built: Path, args, line
) -> None:
    assert run(capsys, monkeypatch, built, *args) == (2, "", f"error: {line}\n")
