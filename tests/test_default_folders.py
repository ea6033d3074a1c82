"""A fresh clone has no `reports/`: the commands that write into a default folder make it (with
its parents), while a folder the user names with --out must exist as it always had to. (The README's Python
example, run as written without pandas, is run by tests/test_docs_examples.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from tests.command_warehouse import build_command_warehouse

ROOT = Path(__file__).resolve().parent.parent
WORDS = ["abcdefg", "gfedcbaa", "abcd", "abcde", "aaaa", "bbbb"]  # one pangram letter set


@pytest.fixture
def fresh_clone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run in an empty folder with no PIPELINE_REPORTS: the default is ./reports, missing."""
    folder = tmp_path / "clone"
    folder.mkdir()
    monkeypatch.chdir(folder)
    monkeypatch.delenv("PIPELINE_REPORTS", raising=False)
    return folder


def test_analyze_makes_the_reports_folder(fresh_clone: Path, tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS))
    args = ["analyze", "spelling-bee", "-d", str(words), "--no-s", "--top", "5"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    written = fresh_clone / "reports" / "spelling_bee_honeycombs.csv"
    assert f"wrote 7 honeycombs to {written}" in result.stdout
    assert written.read_text().count("\n") == 8  # the header and 7 honeycombs


def test_an_out_into_a_missing_folder_stays_an_error(fresh_clone: Path, tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS))
    out = fresh_clone / "missing" / "honeycombs.csv"
    result = CliRunner().invoke(
        app, ["analyze", "spelling-bee", "-d", str(words), "--out", str(out)]
    )
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: cannot write {out}: the folder {out.parent} does not exist\n",
    )
    assert not (fresh_clone / "missing").exists() and not (fresh_clone / "reports").exists()


def test_report_makes_its_default_folder(fresh_clone: Path, tmp_path: Path) -> None:
    warehouse = build_command_warehouse(tmp_path / "warehouse.duckdb")
    env = {"PIPELINE_WAREHOUSE": str(warehouse)}
    result = CliRunner().invoke(app, ["report", "spelling-bee"], env=env)
    assert result.exit_code == 0, result.output
    assert (fresh_clone / "reports" / "spelling_bee_overall.csv").is_file()
    missing = tmp_path / "c" / "d"
    result = CliRunner().invoke(app, ["report", "--out", str(missing)], env=env)
    assert (result.exit_code, result.stderr) == (
        2,
        f"error: cannot write {missing}: the folder {missing.parent} does not exist\n",
    )
