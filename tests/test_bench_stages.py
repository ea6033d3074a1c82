"""`pipeline bench stages`: whole commands timed as processes on a copy of the warehouse."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.bench.stages import (
    STAGES,
    StageTarget,
    StageTiming,
    TreeMemory,
    format_stage_bench,
    run_timed,
    run_together,
)
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


def test_the_largest_export_is_timed_beside_issue_44_s_targets(
    tiny_warehouse: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(tiny_warehouse))
    monkeypatch.setenv("PIPELINE_CUSTOM", str(tiny_warehouse.parent / "custom"))
    result = CliRunner().invoke(app, ["bench", "stages", "--stage", "export", "--runs", "1"])
    assert result.exit_code == 0, result.output
    export = next(line for line in result.stdout.splitlines() if line.startswith("| export"))
    assert "pipeline export custom spelling-bee --format csv" in export
    assert "(target <= 3 s)" in export and "(target <= 300 MB)" in export


def test_a_failing_stage_is_one_user_error(tmp_path: Path) -> None:
    env = {"PIPELINE_WAREHOUSE": str(tmp_path / "none.duckdb"), "PATH": "/usr/bin:/bin"}
    with pytest.raises(UserError, match=r"`pipeline build` failed while timed: error: "):
        run_timed(StageTarget("build", ("build",), 15.0).argv, env)


# A process and its child each hold 200 MB until the test has seen both at once (a fixed time
# could pass before a busy machine even started the child): the child says "held" to its
# parent, the parent to the test, and the test lets go by closing the parent's input.
CHILD_HOLDS = "import sys; data = b'x' * 200_000_000; print('held', flush=True); sys.stdin.read()"
PARENT_AND_CHILD = f"""
import subprocess, sys
data = b'x' * 200_000_000
child = subprocess.Popen(
    [sys.executable, "-c", {CHILD_HOLDS!r}], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
)
assert child.stdout.readline() == "held\\n"
print("held", flush=True)
sys.stdin.read()
child.communicate("")
"""
BOTH_HELD_KB = 390_625  # 2 x 200,000,000 bytes: only both together exceed it


def test_peak_memory_counts_a_stage_s_second_process_too() -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", PARENT_AND_CHILD],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    together = TreeMemory(process.pid)
    assert process.stdout is not None and process.stdout.readline() == "held\n"
    deadline = time.monotonic() + 120
    while together.peak_kb <= BOTH_HELD_KB and time.monotonic() < deadline:
        time.sleep(0.05)  # until the sampler has seen both (it looks every 50 ms)
    process.communicate("", timeout=120)
    together.stop()
    # each process holds 200,000,000 bytes (195,313 kB) and about 10 MB of interpreter
    assert BOTH_HELD_KB < together.peak_kb < 440_000


def test_against_a_second_checkout_the_commands_alternate_and_their_ratio_is_printed(
    tiny_warehouse: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a second checkout: this project's .venv and a copy of the tiny warehouse and its lists
    other = tmp_path / "other"
    (other / "data").mkdir(parents=True)
    (other / ".venv").symlink_to(Path(sys.prefix))
    shutil.copy2(tiny_warehouse, other / "warehouse.duckdb")
    shutil.copytree(tiny_warehouse.parent / "custom", other / "data" / "custom")
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(tiny_warehouse))
    monkeypatch.setenv("PIPELINE_CUSTOM", str(tiny_warehouse.parent / "custom"))
    monkeypatch.setenv("PIPELINE_OFFLINE", "1")
    argv = ["bench", "stages", "--stage", "today", "--stage", "explain", "--runs", "1"]

    result = CliRunner().invoke(app, [*argv, "--against", str(other)])

    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].endswith(f"alternating with {other}'s (A B A B, medians)")
    today = next(line for line in lines if line.startswith("| today "))
    explain = next(line for line in lines if line.startswith("| explain "))
    assert "pipeline today --offline" in today and "(target <= 100 MB)" in today
    assert "(target <= 0.55 x)" in today and "(target <= 0.45 x)" in explain
    missing = CliRunner().invoke(app, [*argv, "--against", str(tmp_path / "none")])
    assert missing.exit_code == 2
    assert "no .venv/bin/python there (run `make install` in it)" in missing.output


def test_the_batch_is_timed_against_the_bare_script_printing_the_same_answers(
    tiny_warehouse: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(tiny_warehouse))
    argv = ["bench", "spelling-bee", "--batch", "--runs", "1", "--json"]

    result = CliRunner().invoke(app, argv)

    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    assert (found["dictionary"], found["puzzles"], found["runs"], found["target"]) == (
        "words_alpha",
        4,  # the tiny warehouse's four puzzles
        1,
        1.0,
    )
    assert found["ratio"] == found["batch_seconds"] / found["bare_seconds"]


def test_words_and_build_are_timed_together_beside_their_ratio(tmp_path: Path) -> None:
    stage = next(stage for stage in STAGES if stage.name == "words+build")
    assert stage.describe() == "pipeline words + pipeline build" and stage.ratio == 1.2
    twice = StageTarget("twice", ("--version",), None, then=("no-such-command",))
    with pytest.raises(UserError, match="^`pipeline no-such-command` failed while timed: "):
        run_together(twice, {**os.environ})  # the second command runs after the first
    timing = StageTiming(stage, 1, 40.0, 1400.0, against_seconds=32.0, against_megabytes=1450.0)
    table = format_stage_bench([timing], tmp_path)
    row = next(line for line in table.splitlines() if line.startswith("| words+build"))
    assert "pipeline words + pipeline build" in row and "40 s" in row
    assert "32 s, 1,450 MB; 1.25 x (target <= 1.2 x) MISSED" in row


def test_a_timed_command_peak_is_its_own_not_its_large_parents() -> None:
    ballast = b"x" * (600 * 2**20)  # this process resident at over 600 MB when it starts one
    _, megabytes = run_timed(("--version",), {**os.environ})
    assert len(ballast) == 600 * 2**20 and 5 < megabytes < 200
