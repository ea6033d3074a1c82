"""Whole commands timed as processes (wall time and peak memory), each beside its target.

The stages run on a copy of the warehouse and of the custom lists in a temporary folder, so the
user's own files are never changed; the download cache and the mirror are read as configured.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pipeline import config
from pipeline.errors import UserError


@dataclass(frozen=True)
class StageTarget:
    """A command to time and what it should take at most."""

    name: str
    argv: tuple[str, ...]
    seconds: float
    megabytes: float | None = None
    repeats: int = 1


STAGES = (
    StageTarget("start-up", ("solve", "spelling-bee", "entivcz"), 0.2, repeats=5),
    StageTarget("words", ("words",), 5.0),
    StageTarget("build", ("build",), 15.0, 1536.0),
    StageTarget("report", ("report",), 5.0),
)
STAGE_NAMES = tuple(stage.name for stage in STAGES)


@dataclass(frozen=True)
class StageTiming:
    """One command's median wall time and largest peak memory over its runs."""

    stage: StageTarget
    seconds: float
    megabytes: float


def run_timed(argv: Sequence[str], env: dict[str, str]) -> tuple[float, float]:
    """Run `pipeline ARGV` as a process; return its wall seconds and peak memory in MB: its own
    high-water mark or, when larger, the most its processes held together (a stage may run work
    in a second process, pipeline/stages/beside.py)."""
    command = [sys.executable, "-c", "from pipeline.cli import main; main()", *argv]
    started = time.perf_counter()
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    together = TreeMemory(process.pid)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    together.stop()
    process.returncode = os.waitstatus_to_exitcode(status)
    errors = process.stderr.read() if process.stderr else ""
    if process.returncode != 0:
        last = errors.strip().splitlines()[-1] if errors.strip() else f"exit {process.returncode}"
        raise UserError(f"`pipeline {' '.join(argv)}` failed while timed: {last}")
    return seconds, max(usage.ru_maxrss / 1024, together.peak_kb / 1024)


class TreeMemory:
    """The largest resident memory a process and its descendants held together, sampled every
    SAMPLE_SECONDS by a thread until `stop()`."""

    SAMPLE_SECONDS = 0.05

    def __init__(self, pid: int) -> None:
        """Start sampling the process `pid` and its descendants."""
        self.pid = pid
        self.peak_kb = 0
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop sampling (the peak stays readable)."""
        self._stopped.set()
        self._thread.join()

    def _sample(self) -> None:
        while not self._stopped.is_set():
            self.peak_kb = max(self.peak_kb, sum(map(resident_kb, process_tree(self.pid))))
            self._stopped.wait(self.SAMPLE_SECONDS)


def process_tree(pid: int) -> list[int]:
    """Return a process's id and its descendants' (Linux /proc; [pid] where it is unreadable)."""
    found, position = [pid], 0
    while position < len(found):
        tasks = Path(f"/proc/{found[position]}/task")
        for children in tasks.glob("*/children") if tasks.is_dir() else ():
            try:
                found += [int(child) for child in children.read_text().split()]
            except OSError:
                continue  # the process ended meanwhile
        position += 1
    return found


def resident_kb(pid: int) -> int:
    """Return a process's resident memory in kB (0 when it has ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    line = next((line for line in status.splitlines() if line.startswith("VmRSS:")), None)
    return int(line.split()[1]) if line else 0


def bench_stages(names: Sequence[str]) -> list[StageTiming]:
    """Time the named stages on a copy of the warehouse and the custom lists."""
    source = config.warehouse_path()
    if not source.exists():
        raise UserError(config.missing_warehouse(source))
    with tempfile.TemporaryDirectory(prefix="pipeline-bench-") as folder:
        env = copy_for_bench(source, Path(folder))
        return [time_stage(stage, env) for stage in STAGES if stage.name in names]


def copy_for_bench(source: Path, folder: Path) -> dict[str, str]:
    """Copy the warehouse and the custom lists into a folder; return the environment using them."""
    shutil.copyfile(source, folder / source.name)
    if config.custom_dir().is_dir():
        shutil.copytree(config.custom_dir(), folder / "custom")
    return {
        **os.environ,
        "PIPELINE_WAREHOUSE": str(folder / source.name),
        "PIPELINE_CUSTOM": str(folder / "custom"),
        "PIPELINE_REPORTS": str(folder / "reports"),
    }


def time_stage(stage: StageTarget, env: dict[str, str]) -> StageTiming:
    """Run one stage its number of times; return the median time and the largest peak."""
    runs = [run_timed(stage.argv, env) for _ in range(stage.repeats)]
    return StageTiming(
        stage, statistics.median(s for s, _ in runs), max(megabytes for _, megabytes in runs)
    )


def format_stage_bench(timings: list[StageTiming]) -> str:
    """Return each stage's time and peak memory beside its targets."""
    from pipeline.bench.solvers import verdict
    from pipeline.render.text import markdown_table

    rows = [
        (
            t.stage.name,
            "pipeline " + " ".join(t.stage.argv),
            t.stage.repeats,
            verdict(t.seconds, t.stage.seconds, "s"),
            verdict(t.megabytes, t.stage.megabytes, "MB")
            if t.stage.megabytes
            else f"{t.megabytes:,.0f} MB",
        )
        for t in timings
    ]
    headers = [
        "stage",
        "command",
        "runs",
        "wall (median)",
        "peak memory (largest, all its processes)",
    ]
    return "Whole commands as processes, on a copy of the warehouse\n\n" + markdown_table(
        headers, rows
    )
