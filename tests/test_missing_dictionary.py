"""Run from another folder, a command names the folder it looked in for the warehouse and the
custom lists, and how to point it at the ones `make dictionary` built."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run in a folder holding no dictionary, with no PIPELINE_* folder set."""
    monkeypatch.chdir(tmp_path)
    for name in ("PIPELINE_WAREHOUSE", "PIPELINE_CUSTOM", "PIPELINE_REPORTS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PIPELINE_OFFLINE", "1")
    return tmp_path


@pytest.mark.parametrize(
    "args", [["explain", "bales"], ["today", "spelling-bee"], ["generate", "letter-boxed"]]
)
def test_no_warehouse_here_names_the_folder(elsewhere: Path, args: list[str]) -> None:
    result = CliRunner().invoke(app, args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"error: no warehouse in {elsewhere}: run `make dictionary` in the project's folder, or "
        "set PIPELINE_WAREHOUSE to the warehouse.duckdb it built\n"
    )


def test_no_custom_list_here_names_the_folder(elsewhere: Path) -> None:
    result = CliRunner().invoke(app, ["solve", "letter-boxed", "ozu", "nri", "lfa", "mbt"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"error: no letter_boxed.txt in {elsewhere / 'data' / 'custom'}: run `make dictionary` "
        "in the project's folder, or set PIPELINE_CUSTOM to the data/custom folder it built\n"
    )


def test_a_warehouse_named_by_the_variable_is_said_so(elsewhere: Path) -> None:
    missing = elsewhere / "nowhere.duckdb"
    result = CliRunner().invoke(app, ["explain", "bales"], env={"PIPELINE_WAREHOUSE": str(missing)})
    assert result.stderr == (
        f"error: no warehouse at {missing} (PIPELINE_WAREHOUSE): run `make dictionary`, or point "
        "PIPELINE_WAREHOUSE at the warehouse.duckdb it built\n"
    )
