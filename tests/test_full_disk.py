"""A full disk and a closed pipe: a write that runs out of space is one `error:` line and leaves the
warehouse, the built lists and the target file as they were, with no temporary file behind (a
small tmpfs where the test may mount one, an injected ENOSPC inside a stage); a reader that goes
away (`| head`) ends the command quietly with status 0."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline.cli import main
from pipeline.cli.options import FULL_DISK, OUT_OF_MEMORY, is_full_disk, is_out_of_memory
from pipeline.storage import warehouse
from tests.command_warehouse import build_command_warehouse
from tests.mounts import tmpfs


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_command_warehouse(tmp_path_factory.mktemp("full_disk") / "warehouse.duckdb")


def fill(path: Path) -> None:
    """Write a file until the file system has no space left."""
    with contextlib.suppress(OSError), path.open("wb", buffering=0) as handle:
        while True:
            handle.write(b"x" * 4096)


def digest(folder: Path) -> dict[str, str]:
    """Return every file of a folder (recursively) with its SHA-256."""
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def run(capsys, monkeypatch, folder: Path, *args: str) -> tuple[int, str, str]:
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(folder / "warehouse.duckdb"))
    monkeypatch.setenv("PIPELINE_CUSTOM", str(folder / "built_lists"))
    monkeypatch.setenv("PIPELINE_OFFLINE", "1")
    monkeypatch.setattr("sys.argv", ["pipeline", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    out, err = capsys.readouterr()
    return int(exit_info.value.code or 0), out, err


@pytest.mark.parametrize("fmt", ["jsonl", "csv", "parquet"])
def test_an_export_onto_a_full_disk_leaves_the_old_file(
    capsys, monkeypatch, tmp_path: Path, built: Path, fmt: str
) -> None:
    with tmpfs(tmp_path / "small", "size=16k") as small:
        target = small / f"archive.{fmt}"
        target.write_text("old\n")
        fill(small / "filler")
        export = ("export", "custom", "spelling-bee", "--format", fmt, "--out", str(target))
        status, out, err = run(capsys, monkeypatch, built.parent, *export)
        assert (status, out) == (2, "")
        assert err == f"error: cannot write {target}: no space left on device\n"
        assert target.read_text() == "old\n"
        assert sorted(os.listdir(small)) == sorted([target.name, "filler"])


def test_a_report_onto_a_full_disk_leaves_the_old_files(
    capsys, monkeypatch, tmp_path: Path, built: Path
) -> None:
    with tmpfs(tmp_path / "small", "size=16k") as small:
        reports = small / "reports"
        reports.mkdir()
        (reports / "overall.csv").write_text("old\n")
        fill(small / "filler")
        status, out, err = run(capsys, monkeypatch, built.parent, "report", "--out", str(reports))
        assert (status, out) == (2, "")
        assert err.splitlines()[-1] == (
            f"error: cannot write {reports}/spelling_bee_overall.csv: no space left on device"
        )
        assert "Traceback" not in err
        assert os.listdir(reports) == ["overall.csv"]
        assert (reports / "overall.csv").read_text() == "old\n"


@pytest.mark.parametrize(
    "stage", [("build",), ("scrape", "--offline", "--since", "2025-08-01", "--until", "2025-08-09")]
)
def test_a_stage_that_runs_out_of_space_changes_nothing(
    capsys, monkeypatch, tmp_path: Path, built: Path, stage: tuple[str, ...]
) -> None:
    shutil.copytree(built.parent, tmp_path / "copy")
    folder = tmp_path / "copy"
    before = digest(folder)

    def full(new: Path, path: Path) -> None:  # the last write of every stage: the swap
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(new))

    monkeypatch.setattr("pipeline.storage.warehouse.commit_file", full)
    status, out, err = run(capsys, monkeypatch, folder, *stage)
    assert status == 2
    assert err.splitlines()[-1] == f"error: {FULL_DISK}"
    assert digest(folder) == before  # the warehouse, the lists, and no copy left behind


def out_of_memory_error() -> Exception:
    """Return the error DuckDB raises when a query needs more than its memory cap."""
    import duckdb

    con = duckdb.connect()
    con.execute("SET memory_limit = '100KB'")
    try:
        con.execute("SELECT string_agg(x::VARCHAR, ',') FROM range(100000) AS t(x)").fetchall()
    except duckdb.OutOfMemoryException as error:
        return error
    finally:
        con.close()
    raise AssertionError("DuckDB kept 100,000 numbers in 100 KB")


def test_duckdbs_own_errors_are_told_apart_by_their_text() -> None:
    import duckdb

    full = duckdb.IOException("Could not write file: No space left on device")
    assert type(full).__module__ == "_duckdb"  # its classes' module, not `duckdb`
    assert (is_full_disk(full), is_out_of_memory(full)) == (True, False)
    starved = out_of_memory_error()
    assert (is_full_disk(starved), is_out_of_memory(starved)) == (False, True)
    other = duckdb.IOException("Could not read file: permission denied")
    assert (is_full_disk(other), is_out_of_memory(other)) == (False, False)


def test_a_build_that_runs_out_of_memory_changes_nothing(
    capsys, monkeypatch, tmp_path: Path, built: Path
) -> None:
    shutil.copytree(built.parent, tmp_path / "copy")
    folder = tmp_path / "copy"
    before = digest(folder)
    run_query, error = warehouse.run, out_of_memory_error()

    def starved(con, name, *args, **kwargs):  # the custom words' insert, the build's largest
        if name == "build/custom_words":
            raise error
        return run_query(con, name, *args, **kwargs)

    monkeypatch.setattr(warehouse, "run", starved)
    status, out, err = run(capsys, monkeypatch, folder, "build")
    assert status == 2
    assert err.splitlines()[-1] == f"error: {OUT_OF_MEMORY}"
    assert "Traceback" not in err
    assert digest(folder) == before


def test_a_closed_pipe_ends_quietly_with_status_0(built: Path) -> None:
    env = {**os.environ, "PIPELINE_WAREHOUSE": str(built), "PIPELINE_OFFLINE": "1"}
    reader = subprocess.Popen(
        [sys.executable, "-c", "from pipeline.cli import main; main()", "export", "custom", "spelling-bee"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    assert reader.stdout is not None and reader.stderr is not None
    first = reader.stdout.readline()
    reader.stdout.close()  # as `head -1` does
    status = reader.wait(timeout=60)
    assert first.startswith(b"{") and (status, reader.stderr.read()) == (0, b"")
