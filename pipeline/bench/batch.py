"""`pipeline bench spelling-bee --batch`: `solve spelling-bee --batch` on every archived puzzle,
timed as a process against the bare script (bench/bare_spelling_bee.py, beside the package in the
project's folder) that prints the same answers, the two run alternately (A B A B, medians); the
answers are checked equal.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pipeline import config
from pipeline.errors import UserError
from solvers.spelling_bee import Puzzle

TARGET = 1.0  # the batch takes at most the bare script's time (issue 36)
BARE_SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "bare_spelling_bee.py"


@dataclass(frozen=True)
class BatchBench:
    """The medians of the batch command and of the bare script, and how many puzzles."""

    dictionary: str
    puzzles: int
    runs: int
    batch_seconds: float
    bare_seconds: float

    @property
    def ratio(self) -> float:
        """Return the batch's median time over the bare script's."""
        return self.batch_seconds / self.bare_seconds


def bench_batch(puzzles: Sequence[Puzzle], dictionary: str, runs: int) -> BatchBench:
    """Time the batch command and the bare script alternately on the puzzles, `runs` times each,
    checking that both give the same answers."""
    if not BARE_SCRIPT.is_file():
        raise UserError(f"no bare script at {BARE_SCRIPT}: run the bench from the project's folder")
    with tempfile.TemporaryDirectory(prefix="pipeline-batch-") as folder:
        batch = Path(folder) / "puzzles.jsonl"
        batch.write_text(
            "".join(json.dumps({"center": p.center, "others": p.others}) + "\n" for p in puzzles)
        )
        command = [sys.executable, "-c", "from pipeline.cli import main; main()"]
        ours = [*command, "solve", "spelling-bee", "--batch", str(batch), "-d", dictionary]
        bare = [sys.executable, str(BARE_SCRIPT), str(config.warehouse_path()), dictionary]
        bare.append(str(batch))
        batch_times, bare_times = [], []
        for _ in range(runs):
            seconds, batch_out = timed(ours)
            batch_times.append(seconds)
            seconds, bare_out = timed(bare)
            bare_times.append(seconds)
        check_same_answers(batch_out, bare_out)
    return BatchBench(
        dictionary,
        len(puzzles),
        runs,
        statistics.median(batch_times),
        statistics.median(bare_times),
    )


def timed(command: list[str]) -> tuple[float, str]:
    """Run a command; return its wall time and its output (a failure is a UserError)."""
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        last = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""
        raise UserError(f"`{' '.join(command[:3])} ...` failed while timed: {last}")
    return seconds, done.stdout


def check_same_answers(batch_out: str, bare_out: str) -> None:
    """Raise a UserError unless each puzzle's answers are the same words in both outputs."""
    ours = [set(json.loads(line)["words"]) for line in batch_out.splitlines()]
    bare = [set(json.loads(line)) for line in bare_out.splitlines()]
    if ours != bare:
        raise UserError("the batch and the bare script disagree on some puzzle's answers")


def format_batch_bench(found: BatchBench) -> str:
    """Return both medians and the ratio beside its target."""
    from pipeline.bench.solvers import verdict

    return (
        f"Spelling Bee batch, {found.puzzles:,} archived puzzles with {found.dictionary}, "
        f"{found.runs} runs each, alternating (medians):\n"
        f"  pipeline solve spelling-bee --batch: {found.batch_seconds:.3f} s\n"
        f"  bare letter-set script ({BARE_SCRIPT.name}): {found.bare_seconds:.3f} s\n"
        f"  ratio: {verdict(found.ratio, TARGET, 'x')}"
    )


def batch_bench_record(found: BatchBench) -> dict:
    """Return the bench as one JSON object."""
    return {
        "dictionary": found.dictionary,
        "puzzles": found.puzzles,
        "runs": found.runs,
        "batch_seconds": found.batch_seconds,
        "bare_seconds": found.bare_seconds,
        "ratio": found.ratio,
        "target": TARGET,
    }
