"""A damaged warehouse (zero bytes, not a DuckDB file, truncated) is one `error:` line naming the
file and how to recover, for every command that reads it; a stage keeps the damaged file beside
it (`warehouse.duckdb.damaged-TIMESTAMP`) before it starts a new one, and never overwrites it."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from pipeline.cli import main
from tests.command_warehouse import build_command_warehouse

COMMANDS = [
    ("export", "spelling-bee"),
    ("export", "custom", "letter-boxed"),
    ("today", "--offline"),
    ("report",),
    ("changes", "spelling-bee"),
    ("explain", "climb"),
    ("generate", "spelling-bee"),
    ("solve", "spelling-bee", "bcdeilm", "--dictionary", "past_answers"),
]
RECOVERY = (
    "rebuild it with `make dictionary` (a stage keeps the damaged file beside it), or put back a "
    "copy you kept"
)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_command_warehouse(tmp_path_factory.mktemp("damaged") / "warehouse.duckdb")


def damage(kind: str, built: Path, path: Path) -> str:
    """Write a damaged warehouse of a kind at `path`; return DuckDB's reason as the line says it."""
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "not duckdb":
        path.write_text("date,word\n2024-01-10,climb\n")
    else:  # truncated: the first 100 KB of a real one
        path.write_bytes(built.read_bytes()[:100_000])
    if kind == "truncated":
        return f'Could not read enough bytes from file "{path}"'
    return f'The file "{path}" exists, but it is not a valid DuckDB database file!'


def run(capsys, monkeypatch, folder: Path, *args: str) -> tuple[int, str, str]:
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(folder / "warehouse.duckdb"))
    monkeypatch.setenv("PIPELINE_CUSTOM", str(folder / "custom"))
    monkeypatch.setenv("PIPELINE_REPORTS", str(folder / "reports"))
    monkeypatch.setattr("sys.argv", ["pipeline", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    out, err = capsys.readouterr()
    return int(exit_info.value.code or 0), out, err


@pytest.mark.parametrize("kind", ["empty", "not duckdb", "truncated"])
@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_damaged_warehouse_is_one_line_naming_it_and_the_way_back(
    capsys, monkeypatch, tmp_path: Path, built: Path, kind: str, args: tuple[str, ...]
) -> None:
    path = tmp_path / "warehouse.duckdb"
    reason = damage(kind, built, path)
    before = path.read_bytes()
    status, out, err = run(capsys, monkeypatch, tmp_path, *args)
    assert status == 2 and out == ""
    assert err.count("\n") == 1, err
    assert err.startswith(f"error: the warehouse {path} is damaged ({reason}")
    assert err.endswith(f"): {RECOVERY}\n")
    assert path.read_bytes() == before  # a reader never changes it


@pytest.mark.parametrize("kind", ["empty", "not duckdb", "truncated"])
def test_a_stage_keeps_the_damaged_file_and_starts_a_new_one(
    capsys, monkeypatch, tmp_path: Path, built: Path, kind: str
) -> None:
    path = tmp_path / "warehouse.duckdb"
    damage(kind, built, path)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    shutil.copytree(built.parent / "built_lists", tmp_path / "custom")
    status, _, err = run(capsys, monkeypatch, tmp_path, "build")
    kept = sorted(tmp_path.glob("warehouse.duckdb.damaged-*"))
    assert len(kept) == 1 and hashlib.sha256(kept[0].read_bytes()).hexdigest() == digest
    lines = err.splitlines()
    assert lines[0].startswith(f"warning: the warehouse {path} is damaged (")
    assert lines[0].endswith(f"; kept it as {kept[0].name}, starting a new one")
    # the new warehouse has no archive yet: the build says which stage comes first
    assert (status, lines[-1]) == (
        2,
        "error: the warehouse has no words table: run `pipeline words` first",
    )
    assert not path.exists()  # a failed stage commits nothing
