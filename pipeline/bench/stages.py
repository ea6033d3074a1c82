"""Whole commands timed as processes (wall time and peak memory), each beside its target.

The stages run on a copy of the warehouse and of the custom lists in a temporary folder, so the
user's own files are never changed; the download cache and the mirror are read as configured.
With `against`, the same commands of a second checkout (its own `.venv`, warehouse and lists,
copied too) run alternately with this one's, A B A B, and each stage's ratio of medians is
printed beside its target.
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
from pipeline.bench.figures import PEAK_REPORTER, reported_peak
from pipeline.errors import UserError


@dataclass(frozen=True)
class StageTarget:
    """A command to time and what it should take at most: seconds, megabytes, and its time as
    a share of a second checkout's (`ratio`); `then`, a command run right after it and timed
    with it (their times added, the larger peak kept)."""

    name: str
    argv: tuple[str, ...]
    seconds: float | None
    megabytes: float | None = None
    repeats: int = 1
    ratio: float | None = None
    then: tuple[str, ...] = ()

    @property
    def commands(self) -> list[tuple[str, ...]]:
        """Return the commands timed together: the stage's, and the one after it."""
        return [self.argv, *([self.then] if self.then else [])]

    def describe(self) -> str:
        """Return the commands as typed, joined by `+`."""
        return " + ".join("pipeline " + " ".join(argv) for argv in self.commands)


# The commands a person waits on are measured against the version before (issue 36): their
# ratios need --against; their time alone is printed beside no target.
STAGES = (
    StageTarget("start-up", ("solve", "spelling-bee", "entivcz"), 0.2, repeats=5),
    StageTarget("today", ("today", "--offline"), None, 100.0, repeats=5, ratio=0.55),
    StageTarget("explain", ("explain", "bales"), None, 100.0, repeats=5, ratio=0.45),
    StageTarget(
        "solve-letter-boxed",
        ("solve", "letter-boxed", "ozu/nri/lfa/mbt"),
        None,
        100.0,
        repeats=5,
        ratio=0.85,
    ),
    StageTarget("words", ("words",), 5.0),
    StageTarget("build", ("build",), 15.0, 1536.0, ratio=0.75),
    # issue 33: the words stage, which reads WordNet since, and the build, together
    StageTarget("words+build", ("words",), None, 1536.0, ratio=1.2, then=("build",)),
    StageTarget("report", ("report",), 5.0),
    # issue 44: the largest export, a custom list whole as CSV (7.9 s and 683 MB at 7b9de13)
    StageTarget("export", ("export", "custom", "spelling-bee", "--format", "csv"), 3.0, 300.0),
)
STAGE_NAMES = tuple(stage.name for stage in STAGES)


@dataclass(frozen=True)
class Checkout:
    """Where a stage's commands run: a Python with the pipeline installed, the folder to run
    in, and the environment naming the (copied) warehouse and lists."""

    python: str
    folder: Path
    env: dict[str, str]


@dataclass(frozen=True)
class StageTiming:
    """One command's median wall time and largest peak memory over its runs (and the same of
    the second checkout's, when measured against one)."""

    stage: StageTarget
    runs: int
    seconds: float
    megabytes: float
    against_seconds: float | None = None
    against_megabytes: float | None = None

    @property
    def ratio(self) -> float | None:
        """Return this checkout's median time over the second one's."""
        if not self.against_seconds:
            return None
        return self.seconds / self.against_seconds


def run_timed(
    argv: Sequence[str], env: dict[str, str], checkout: Checkout | None = None
) -> tuple[float, float]:
    """Run `pipeline ARGV` as a process (of this checkout, or of another); return its wall
    seconds and peak memory in MB: its own high-water mark or, when larger, the most its
    processes held together (a stage may run work in a second process, pipeline/stages/beside.py)."""
    python, folder = (checkout.python, checkout.folder) if checkout else (sys.executable, None)
    command = [python, "-c", PEAK_REPORTER, *argv]
    started = time.perf_counter()
    process = subprocess.Popen(
        command,
        env=checkout.env if checkout else env,
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    together = TreeMemory(process.pid)
    _, status, _ = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    together.stop()
    process.returncode = os.waitstatus_to_exitcode(status)
    own_peak_kb, errors = reported_peak(process.stderr.read() if process.stderr else "")
    if process.returncode != 0:
        last = next(
            (line for line in reversed(errors) if line.strip()), f"exit {process.returncode}"
        )
        raise UserError(f"`pipeline {' '.join(argv)}` failed while timed: {last}")
    return seconds, max(own_peak_kb, together.peak_kb) / 1024


def run_together(
    stage: StageTarget, env: dict[str, str], checkout: Checkout | None = None
) -> tuple[float, float]:
    """Run a stage's commands one after the other (run_timed); return their wall seconds added
    and the larger peak memory."""
    timed = [run_timed(argv, env, checkout) for argv in stage.commands]
    return sum(seconds for seconds, _ in timed), max(megabytes for _, megabytes in timed)


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


def bench_stages(
    names: Sequence[str], against: Path | None = None, runs: int | None = None
) -> list[StageTiming]:
    """Time the named stages on a copy of the warehouse and the custom lists (`runs` times each,
    or the stage's own count); with `against`, alternately with that checkout's."""
    source = config.warehouse_path()
    if not source.exists():
        raise UserError(config.missing_warehouse(source))
    other = other_checkout(against) if against is not None else None
    with tempfile.TemporaryDirectory(prefix="pipeline-bench-") as folder:
        env = copy_for_bench(source, config.custom_dir(), Path(folder) / "this")
        second = None
        if other is not None:
            copied = copy_for_bench(other.warehouse, other.custom, Path(folder) / "against")
            second = Checkout(other.python, other.folder, copied)
        return [time_stage(stage, env, second, runs) for stage in STAGES if stage.name in names]


@dataclass(frozen=True)
class OtherCheckout:
    """A second checkout of the project: its Python (`.venv`), warehouse and custom lists."""

    folder: Path
    python: str
    warehouse: Path
    custom: Path


def other_checkout(folder: Path) -> OtherCheckout:
    """Return the checkout in a folder; one without a `.venv` or a warehouse is a UserError."""
    folder = folder.expanduser().resolve()
    python = folder / ".venv" / "bin" / "python"
    warehouse = folder / "warehouse.duckdb"
    if not python.is_file():
        raise UserError(f"--against {folder}: no .venv/bin/python there (run `make install` in it)")
    if not warehouse.is_file():
        raise UserError(
            f"--against {folder}: no warehouse.duckdb there (run `make dictionary` in it)"
        )
    return OtherCheckout(folder, str(python), warehouse, folder / "data" / "custom")


def copy_for_bench(source: Path, custom: Path, folder: Path) -> dict[str, str]:
    """Copy a warehouse and its custom lists into a folder, their times kept (the files the build
    wrote for the commands stay fresh: storage/built_files.py); return the environment using
    them."""
    folder.mkdir(parents=True)
    shutil.copy2(source, folder / source.name)
    if custom.is_dir():
        shutil.copytree(custom, folder / "custom")
    return {
        **os.environ,
        "PIPELINE_WAREHOUSE": str(folder / source.name),
        "PIPELINE_CUSTOM": str(folder / "custom"),
        "PIPELINE_REPORTS": str(folder / "reports"),
    }


def time_stage(
    stage: StageTarget, env: dict[str, str], other: Checkout | None, runs: int | None
) -> StageTiming:
    """Run one stage its number of times (alternating with the other checkout's, when given);
    return the medians and the largest peaks."""
    ours, theirs = [], []
    for _ in range(runs or stage.repeats):
        ours.append(run_together(stage, env))
        if other is not None:
            theirs.append(run_together(stage, env, other))
    return StageTiming(
        stage,
        len(ours),
        statistics.median(seconds for seconds, _ in ours),
        max(megabytes for _, megabytes in ours),
        statistics.median(seconds for seconds, _ in theirs) if theirs else None,
        max(megabytes for _, megabytes in theirs) if theirs else None,
    )


def format_stage_bench(timings: list[StageTiming], against: Path | None = None) -> str:
    """Return each stage's time, peak memory and ratio (against a second checkout) beside their
    targets."""
    from pipeline.bench.solvers import verdict
    from pipeline.render.text import markdown_table

    rows = [
        (
            t.stage.name,
            t.stage.describe(),
            t.runs,
            verdict(t.seconds, t.stage.seconds, "s") if t.stage.seconds else f"{t.seconds:.3g} s",
            verdict(t.megabytes, t.stage.megabytes, "MB")
            if t.stage.megabytes
            else f"{t.megabytes:,.0f} MB",
            *([against_cell(t)] if against is not None else []),
        )
        for t in timings
    ]
    headers = [
        "stage",
        "command",
        "runs",
        "wall (median)",
        "peak memory (largest, all its processes)",
        *([f"against {against}: wall, peak, ratio"] if against is not None else []),
    ]
    title = "Whole commands as processes, on a copy of the warehouse"
    if against is not None:
        title += f", alternating with {against}'s (A B A B, medians)"
    return f"{title}\n\n" + markdown_table(headers, rows)


def against_cell(timing: StageTiming) -> str:
    """Return the second checkout's time and peak, and the ratio beside its target."""
    from pipeline.bench.solvers import verdict

    if timing.against_seconds is None or timing.against_megabytes is None:
        return ""
    ratio = timing.ratio
    assert ratio is not None
    shown = (
        f"{ratio:.2f}x" if timing.stage.ratio is None else verdict(ratio, timing.stage.ratio, "x")
    )
    return f"{timing.against_seconds:.3g} s, {timing.against_megabytes:,.0f} MB; {shown}"
