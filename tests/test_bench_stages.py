"""`pipeline bench stages`: whole commands timed as processes on a copy of the warehouse."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.bench.stages import StageTarget, TreeMemory, run_timed
from pipeline.cli.app import app
from pipeline.errors import UserError


def digest(path: Path) -> str:
    """Return a digest of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_stages_are_timed_on_a_copy_and_printed_beside_their_targets(
    tiny_warehouse: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    custom = tiny_warehouse.parent / "custom"
    before = digest(tiny_warehouse), {p.name: digest(p) for p in custom.iterdir()}
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(tiny_warehouse))
    monkeypatch.setenv("PIPELINE_CUSTOM", str(custom))

    result = CliRunner().invoke(app, ["bench", "stages", "--stage", "start-up", "--stage", "build"])

    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    startup = next(line for line in lines if line.startswith("| start-up"))
    build = next(line for line in lines if line.startswith("| build"))
    assert "pipeline solve spelling-bee entivcz" in startup and "|    5 |" in startup
    assert "(target <= 0.2 s)" in startup
    assert "(target <= 15 s)" in build and "(target <= 1536 MB)" in build
    assert not any(line.startswith(("| words", "| report")) for line in lines)
    # the stages ran on a copy: the tiny warehouse and its lists are as they were
    assert (digest(tiny_warehouse), {p.name: digest(p) for p in custom.iterdir()}) == before


def test_a_failing_stage_is_one_user_error(tmp_path: Path) -> None:
    env = {"PIPELINE_WAREHOUSE": str(tmp_path / "none.duckdb"), "PATH": "/usr/bin:/bin"}
    with pytest.raises(UserError, match=r"`pipeline build` failed while timed: error: "):
        run_timed(StageTarget("build", ("build",), 15.0).argv, env)


HOLD = "data = b'x' * 200_000_000; import time; time.sleep(1.5)"  # 200 MB held 1.5 s
PARENT_AND_CHILD = f"""
import subprocess, sys
child = subprocess.Popen([sys.executable, "-c", {HOLD!r}])
{HOLD}
child.wait()
"""


def test_peak_memory_counts_a_stage_s_second_process_too() -> None:
    process = subprocess.Popen([sys.executable, "-c", PARENT_AND_CHILD])
    together = TreeMemory(process.pid)
    process.wait()
    together.stop()
    # each process holds 200,000,000 bytes (195,313 kB) and about 10 MB of interpreter: both
    # together, never one alone, exceed 390,625 kB
    assert 390_625 < together.peak_kb < 440_000
