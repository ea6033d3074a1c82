"""A reader that goes away (`pipeline ... | head -1`) ends every command quietly with status 0,
as Unix tools do (docs/errors.md): the help of every command and group, and what commands print.

The reader here is gone before the command writes (the read end of its pipe is closed first), so
that every write fails, whatever the timing; and stdout is block-buffered, as in a user's shell
(the tests' environment may set PYTHONUNBUFFERED), so that the last write is Python's own flush.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.command_warehouse import build_command_warehouse, workspace_environment
from tests.docs_pages import commands

PROJECT_ROOT = Path(__file__).resolve().parent.parent
GROUPS = sorted({" ".join(command.split()[:-1]) for command in commands()} | {"pipeline"})
OUTPUTS = [
    "--version",
    "export spelling-bee",
    "export custom spelling-bee --format csv",
    "today spelling-bee --date 2025-01-10 --reveal",
    "solve spelling-bee bcdeilm",
    "solve letter-boxed kco tsh lai bmr --dictionary custom/letter_boxed.txt --json",
]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a folder with the command warehouse and a custom list of each game."""
    root = tmp_path_factory.mktemp("pipes")
    build_command_warehouse(root / "warehouse.duckdb")
    (root / "custom").mkdir(exist_ok=True)
    (root / "custom" / "spelling_bee.txt").write_text("climb\nclimbed\nmedic\n")
    (root / "custom" / "letter_boxed.txt").write_text("blacksmith\nhop\n")
    return root


def to_a_gone_reader(args: list[str], cwd: Path, env: dict[str, str]) -> tuple[int, str]:
    """Return the exit status and stderr of a command whose stdout's reader has gone away."""
    reader, writer = os.pipe()
    os.close(reader)
    environment = {key: value for key, value in env.items() if key != "PYTHONUNBUFFERED"}
    try:
        finished = subprocess.run(
            [sys.executable, "-c", "from pipeline.cli import main; main()", *args],
            cwd=cwd,
            env={**environment, "PYTHONPATH": str(PROJECT_ROOT)},
            stdout=writer,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(writer)
    return finished.returncode, finished.stderr


@pytest.mark.parametrize("group", GROUPS + commands())
def test_help_to_a_reader_that_went_away_is_status_0(group: str, tmp_path: Path) -> None:
    assert to_a_gone_reader([*group.split()[1:], "--help"], tmp_path, dict(os.environ)) == (0, "")


@pytest.mark.parametrize("command", OUTPUTS)
def test_output_to_a_reader_that_went_away_is_status_0(command: str, workspace: Path) -> None:
    env = {**os.environ, **workspace_environment(workspace)}
    assert to_a_gone_reader(command.split(), workspace, env) == (0, "")


def test_help_piped_to_head_is_status_0(tmp_path: Path) -> None:
    script = (
        f"set -o pipefail; {sys.executable} -c 'from pipeline.cli import main; main()' "
        "solve letter-boxed --help | head -1"
    )
    finished = subprocess.run(
        ["bash", "-c", script],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT), "COLUMNS": "100"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (finished.returncode, finished.stdout, finished.stderr) == (0, " " * 100 + "\n", "")
