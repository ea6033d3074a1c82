"""Output paths (`export --out FILE`, `report --out DIR`): regular files only, replaced whole through
a temporary file and a rename, with the umask's permissions; symlinks followed to a regular file."""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.errors import UserError
from pipeline.storage.output_paths import atomic_write, check_output_file, check_output_folder
from tests.command_warehouse import PUZZLE_DATES, build_command_warehouse, warehouse_snapshot
from tests.mounts import tmpfs

runner = CliRunner()


@pytest.fixture(scope="module")
def command_warehouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_command_warehouse(tmp_path_factory.mktemp("output_paths") / "warehouse.duckdb")


def pipeline(*args: str, warehouse: Path, **env: str):
    """Invoke a command in-process on the command warehouse."""
    return runner.invoke(app, list(args), env={"PIPELINE_WAREHOUSE": str(warehouse), **env})


def listing(folder: Path) -> list[str]:
    """Return the names in a folder, sorted (a leftover temporary file would show here)."""
    return sorted(os.listdir(folder))


@pytest.fixture
def umask_027():
    """Run a test with the umask 027, then restore the previous one."""
    previous = os.umask(0o027)
    yield
    os.umask(previous)


# --- check_output_file ----------------------------------------------------------------------------


def test_a_new_or_regular_file_is_its_own_target(tmp_path):
    (tmp_path / "old.jsonl").write_text("old\n")
    assert check_output_file(tmp_path / "new.jsonl") == tmp_path / "new.jsonl"
    assert check_output_file(tmp_path / "old.jsonl") == tmp_path / "old.jsonl"


def test_a_symlink_to_a_regular_file_targets_that_file(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "records.jsonl").write_text("old\n")
    (tmp_path / "link.jsonl").symlink_to(tmp_path / "real" / "records.jsonl")
    assert check_output_file(tmp_path / "link.jsonl") == tmp_path / "real" / "records.jsonl"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("fifo", "it is a FIFO \\(named pipe\\), not a regular file"),
        ("folder", "it is a folder, not a regular file"),
        ("link_to_folder", "it is a folder, not a regular file"),
        ("link_to_fifo", "it is a FIFO \\(named pipe\\), not a regular file"),
        ("dangling", "which does not exist"),
        ("missing/records.jsonl", "the folder"),
    ],
)
def test_anything_but_a_regular_file_is_refused(tmp_path, name, message):
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "folder").mkdir()
    (tmp_path / "link_to_folder").symlink_to(tmp_path / "folder")
    (tmp_path / "link_to_fifo").symlink_to(tmp_path / "fifo")
    (tmp_path / "dangling").symlink_to(tmp_path / "nothing")
    before = listing(tmp_path)

    with pytest.raises(UserError, match=message):
        check_output_file(tmp_path / name)

    assert listing(tmp_path) == before
    assert (tmp_path / "fifo").is_fifo() and (tmp_path / "link_to_fifo").is_symlink()


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_an_unwritable_folder_is_refused(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    with pytest.raises(UserError, match="is not writable"):
        check_output_file(locked / "records.jsonl")
    with pytest.raises(UserError, match="is not writable"):
        check_output_folder(locked / "reports")


def test_a_folder_must_be_a_folder_whose_files_can_be_written(tmp_path):
    (tmp_path / "reports").mkdir()
    os.mkfifo(tmp_path / "reports" / "overall.csv")
    check_output_folder(tmp_path / "reports", ["by_year.csv"])
    check_output_folder(tmp_path / "new_reports", ["overall.csv"])  # created when written
    with pytest.raises(UserError, match="overall.csv: it is a FIFO"):
        check_output_folder(tmp_path / "reports", ["by_year.csv", "overall.csv"])
    with pytest.raises(UserError, match="the folder .*missing does not exist"):
        check_output_folder(tmp_path / "missing" / "reports")
    (tmp_path / "a_file").write_text("")
    with pytest.raises(UserError, match="it is a regular file, not a folder"):
        check_output_folder(tmp_path / "a_file")


def refusal_as_nobody(path: Path) -> str:
    """Return what check_output_file says of a path in a process that is not root (forked, then
    running as the user `nobody`), or skip when this process cannot change its user."""
    if os.geteuid() != 0:
        pytest.skip("only root can run a check as another user")
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # the child: give up root, try, report through the pipe
        try:
            os.setgid(65534)
            os.setuid(65534)
            try:
                check_output_file(path)
                said = "accepted"
            except UserError as refused:
                said = str(refused)
            os.write(write, said.encode())
        finally:
            os._exit(0)
    os.close(write)
    os.waitpid(child, 0)
    with os.fdopen(read) as pipe:
        return pipe.read()


def test_an_unwritable_folder_is_refused_for_a_user_who_is_not_root(tmp_path_factory):
    shared = Path(tempfile.mkdtemp(prefix="output-paths-"))  # reachable by `nobody`
    try:
        shared.chmod(0o755)
        locked = shared / "locked"
        locked.mkdir(mode=0o555)
        assert refusal_as_nobody(locked / "records.jsonl") == (
            f"cannot write {locked}/records.jsonl: the folder {locked} is not writable"
        )
    finally:
        shutil.rmtree(shared)


def test_a_read_only_file_system_is_one_error_line(command_warehouse, tmp_path):
    with tmpfs(tmp_path / "ro", "ro,size=64k") as folder:
        with pytest.raises(UserError) as refused:
            check_output_file(folder / "records.jsonl")
        assert str(refused.value) == (
            f"cannot write {folder}/records.jsonl: the folder {folder} is on a read-only file system"
        )
        exported = pipeline(
            "export", "spelling-bee", "--out", str(folder / "x.jsonl"), warehouse=command_warehouse
        )
        assert (exported.exit_code, exported.output) == (
            2,
            f"error: cannot write {folder}/x.jsonl: the folder {folder} is on a read-only file "
            "system\n",
        )
        reported = pipeline("report", "--out", str(folder), warehouse=command_warehouse)
        assert (reported.exit_code, reported.output) == (
            2,
            f"error: cannot write {folder}: the folder {folder} is on a read-only file system\n",
        )
        assert listing(folder) == []


READ_ONLY_REST = (
    "is on a read-only file system; the warehouse, the built lists and the files named are as "
    "they were\n"
)


@pytest.mark.parametrize("stage", [("scrape", "--offline", "--until", "2018-06-01"), ("build",)])
def test_a_stage_whose_warehouse_is_on_a_read_only_file_system_is_one_error_line(tmp_path, stage):
    with tmpfs(tmp_path / "ro", "ro,size=64k") as folder:
        result = pipeline(*stage, warehouse=folder / "warehouse.duckdb", PIPELINE_OFFLINE="1")
        last = result.output.splitlines(keepends=True)[-1]  # after the stage's progress lines
        assert (result.exit_code, last) == (
            2,
            f"error: cannot write {folder}/.warehouse.duckdb.lock: the folder {folder} "
            + READ_ONLY_REST,
        )
        assert "Traceback" not in result.output


def test_a_build_whose_lists_go_to_a_read_only_file_system_changes_nothing(
    command_warehouse, tmp_path
):
    shutil.copytree(command_warehouse.parent, tmp_path / "copy")
    copy = tmp_path / "copy" / "warehouse.duckdb"
    before = warehouse_snapshot(copy)
    with tmpfs(tmp_path / "ro", "ro,size=64k") as folder:
        result = pipeline("build", warehouse=copy, PIPELINE_CUSTOM=str(folder))
        last = result.output.splitlines(keepends=True)[-1]  # after the stage's progress lines
        assert result.exit_code == 2 and "Traceback" not in result.output
        # the first file the build stages there: Letter Boxed's list, staged once the game is
        # built (its words' index fails too, in a thread the build waits for; the build's own
        # error is the one shown)
        assert last.startswith(f"error: cannot write {folder}/.letter_boxed.txt.")
        assert last.endswith(f".part: the folder {folder} " + READ_ONLY_REST)
        assert listing(folder) == []
    assert warehouse_snapshot(copy) == before
    assert sorted(p.name for p in copy.parent.glob(".warehouse.duckdb.building-*")) == []


LONG_NAME = "a" * 300 + ".jsonl"


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/proc/records.jsonl", "cannot write /proc/records.jsonl: the folder /proc does not take new files"),
        ("/sys/records.jsonl", "cannot write /sys/records.jsonl: the folder /sys is not writable"),
        (f"/tmp/{LONG_NAME}", f"cannot write /tmp/{LONG_NAME}: file name too long"),
        ("/missing-folder/records.jsonl", "cannot write /missing-folder/records.jsonl: the folder /missing-folder does not exist"),
    ],
)  # fmt: skip
def test_a_place_that_cannot_take_a_file_is_found_by_really_trying(path, message):
    # as root os.access says yes to /proc and /sys; creating a file there says no
    with pytest.raises(UserError) as refused:
        check_output_file(Path(path))
    assert str(refused.value) == message


@pytest.mark.parametrize(
    "args", [("export", "spelling-bee"), ("export", "spelling-bee", "--format", "parquet")]
)
def test_export_into_proc_is_one_error_line(command_warehouse, args):
    result = pipeline(*args, "--out", "/proc/x.out", warehouse=command_warehouse)
    assert result.exit_code == 2
    assert (
        result.output
        == "error: cannot write /proc/x.out: the folder /proc does not take new files\n"
    )


# --- atomic_write ----------------------------------------------------------------------------------


def test_a_write_replaces_the_file_with_the_umask_permissions(tmp_path, umask_027):
    target = tmp_path / "records.jsonl"
    target.write_text("old\n")
    target.chmod(0o600)
    with atomic_write(target) as temporary:
        assert temporary.parent == tmp_path and temporary != target
        temporary.write_text("new\n")
        assert target.read_text() == "old\n"  # replaced only at the end
    assert target.read_text() == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert listing(tmp_path) == ["records.jsonl"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "records.jsonl"
    target.write_text("old\n")
    with pytest.raises(RuntimeError, match="disk on fire"), atomic_write(target) as temporary:
        temporary.write_text("half")
        raise RuntimeError("disk on fire")
    assert target.read_text() == "old\n"
    assert listing(tmp_path) == ["records.jsonl"]


def test_a_full_disk_while_writing_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "records.jsonl"
    target.write_text("old\n")
    with pytest.raises(UserError) as refused, atomic_write(target) as temporary:
        temporary.write_text("half")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))  # as a full disk answers a write
    assert str(refused.value) == f"cannot write {target}: no space left on device"
    assert target.read_text() == "old\n"
    assert listing(tmp_path) == ["records.jsonl"]


def test_a_write_through_a_symlink_replaces_the_target_and_keeps_the_link(tmp_path):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "records.jsonl"
    target.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    with atomic_write(link) as temporary:
        temporary.write_text("new\n")
    assert link.is_symlink() and link.resolve() == target
    assert target.read_text() == "new\n"
    assert listing(tmp_path / "real") == ["records.jsonl"]


# --- the commands ------------------------------------------------------------------------------------


def test_export_through_a_symlink_replaces_its_target(command_warehouse, tmp_path, umask_027):
    target = tmp_path / "kept" / "bee.jsonl"
    target.parent.mkdir()
    target.write_text("old\n")
    link = tmp_path / "bee.jsonl"
    link.symlink_to(target)

    result = pipeline("export", "spelling-bee", "--out", str(link), warehouse=command_warehouse)

    assert result.exit_code == 0, result.output
    assert link.is_symlink() and link.resolve() == target
    records = [json.loads(line) for line in target.read_text().splitlines()]
    assert [record["date"] for record in records] == [str(day) for day in PUZZLE_DATES]
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert listing(target.parent) == ["bee.jsonl"]


@pytest.mark.parametrize("fmt", ["jsonl", "csv", "parquet"])
def test_export_writes_a_regular_file_and_nothing_else(command_warehouse, tmp_path, fmt):
    out = tmp_path / f"box.{fmt}"
    result = pipeline(
        "export", "letter-boxed", "--format", fmt, "--out", str(out), warehouse=command_warehouse
    )
    assert result.exit_code == 0, result.output
    assert out.is_file() and out.stat().st_size > 0
    assert listing(tmp_path) == [f"box.{fmt}"]


def test_export_to_a_fifo_is_refused_and_the_fifo_stays(command_warehouse, tmp_path):
    fifo = tmp_path / "records.jsonl"
    os.mkfifo(fifo)
    (tmp_path / "link").symlink_to(fifo)
    for out in (fifo, tmp_path / "link"):
        result = pipeline("export", "spelling-bee", "--out", str(out), warehouse=command_warehouse)
        assert result.exit_code == 2
        assert result.stderr.startswith("error: cannot write ") and "FIFO" in result.stderr
    assert fifo.is_fifo() and (tmp_path / "link").is_symlink()
    assert listing(tmp_path) == ["link", "records.jsonl"]


def test_report_writes_through_a_symlinked_file_and_keeps_the_link(command_warehouse, tmp_path):
    reports = tmp_path / "reports"
    reports.mkdir()
    kept = tmp_path / "kept.csv"
    kept.write_text("old\n")
    (reports / "spelling_bee_overall.csv").symlink_to(kept)

    result = pipeline("report", "spelling-bee", "--out", str(reports), warehouse=command_warehouse)

    assert result.exit_code == 0, result.output
    assert (reports / "spelling_bee_overall.csv").is_symlink()
    assert kept.read_text().startswith("dictionary,puzzles,")
    assert not [name for name in listing(reports) if name.endswith(".part")]
    assert (reports / "spelling_bee_precision_recall.png").read_bytes()[:4] == b"\x89PNG"


def test_report_refuses_a_folder_with_a_fifo_before_scoring(command_warehouse, tmp_path):
    reports = tmp_path / "reports"
    reports.mkdir()
    os.mkfifo(reports / "spelling_bee_by_year.csv")

    result = pipeline("report", "--out", str(reports), warehouse=command_warehouse)

    assert result.exit_code == 2
    assert result.stderr == (
        f"error: cannot write {reports / 'spelling_bee_by_year.csv'}: "
        "it is a FIFO (named pipe), not a regular file\n"
    )
    assert listing(reports) == ["spelling_bee_by_year.csv"]
    assert (reports / "spelling_bee_by_year.csv").is_fifo()
