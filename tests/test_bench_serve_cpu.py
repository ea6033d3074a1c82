"""`pipeline bench serve` counts the CPU the server and the load generator spend on the guesses:
a server's workers are its children, so the CPU of a whole process tree is read from /proc; the
most N workers could answer against one follows from each side's CPU a guess."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from pipeline.bench.figures import Figure, figures_record, format_figures
from pipeline.bench.load import Checked, new_played
from pipeline.bench.serve import (
    CLIENT_CPU,
    LEAST_WAIT,
    MACHINE_CPU,
    SERVER_CPU,
    LoadRun,
    cpu_figures,
    machine_cpu_seconds,
    scaling_ceiling,
    tree_cpu_seconds,
)

BURN_SECONDS = 0.3
# a child that starts a grandchild which burns BURN_SECONDS of CPU, says so, and waits until
# the test closes their standard input (not a fixed time, which a busy machine could outlast)
GRANDCHILD = (
    "import sys, time\n"
    f"while time.process_time() < {BURN_SECONDS}: pass\n"
    "print('burnt', flush=True)\n"
    "sys.stdin.read()\n"
)
CHILD = f"import subprocess, sys\nsubprocess.run([sys.executable, '-c', {GRANDCHILD!r}])\n"


def test_a_process_trees_cpu_counts_its_grandchildren() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == b"burnt\n"
        assert tree_cpu_seconds(child.pid) >= BURN_SECONDS
    finally:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()


def test_the_machines_cpu_counts_a_process_outside_the_bench() -> None:
    before = machine_cpu_seconds()
    burner = subprocess.run(
        [sys.executable, "-c", f"import time\nwhile time.process_time() < {BURN_SECONDS}: pass"],
        check=True,
    )
    assert burner.returncode == 0
    assert machine_cpu_seconds() - before >= BURN_SECONDS


def test_the_least_wait_is_the_in_flight_guesses_served_by_every_core(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    run = load_run(1, 2_000, 4.0, server=1.0, client=0.5)
    run.played.cpu[MACHINE_CPU] = 3.0  # 1.5 ms a guess: the two cores answer 1,333 a second
    figures = {figure.name: figure.value for figure in cpu_figures(run.played)}
    assert figures["CPU a guess, the whole machine, ms"] == pytest.approx(1.5)
    assert figures[LEAST_WAIT] == pytest.approx(150.0)  # 200 in flight / 1,333 a second


def load_run(workers: int, guesses: int, seconds: float, server: float, client: float) -> LoadRun:
    played = new_played(1)
    played.waits, played.seconds = [1.0] * guesses, seconds
    played.cpu = {SERVER_CPU: server, CLIENT_CPU: client}
    return LoadRun(workers, played, Checked(1, 0, 0, 0))


def test_cpu_figures_are_per_guess_and_in_cores_kept_busy() -> None:
    run = load_run(1, 2_000, 4.0, server=1.0, client=0.5)
    figures = {figure.name: figure.value for figure in cpu_figures(run.played)}
    assert figures == {
        "CPU a guess, the server, ms": 0.5,
        "cores kept busy by the server": 0.25,
        "CPU a guess, the load generator, ms": 0.25,
        "cores kept busy by the load generator": 0.125,
    }


def test_two_workers_on_two_cores_are_bounded_by_the_load_generators_share(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    # 0.5 ms of server and 0.25 ms of load generator a guess: one worker answers at most
    # 1 / 0.5 ms = 2,000 a second; two share the two cores, 2 / 0.75 ms = 2,667 a second
    one = load_run(1, 2_000, 1.0, server=1.0, client=0.5)
    two = load_run(2, 2_000, 1.0, server=1.0, client=0.5)
    assert scaling_ceiling(one, two, 2) == pytest.approx(4 / 3)
    # a load generator that costs nothing leaves both cores to the two workers
    free = load_run(2, 2_000, 1.0, server=1.0, client=0.0)
    assert scaling_ceiling(one, free, 2) == pytest.approx(2.0)


def test_counts_print_as_whole_numbers_and_figures_beside_their_targets() -> None:
    sections = {
        "pipeline serve --workers 1 (1,000 players, 200 in flight)": [
            Figure("players (each 20 guesses)", 1000, digits=0),
            Figure("failures", 0, "0", True, digits=0),
            Figure("a guess as the client waited, p99, ms", 151.25, "<= 150", False, digits=1),
        ]
    }
    assert format_figures(sections).splitlines() == [
        "pipeline serve --workers 1 (1,000 players, 200 in flight)",
        "  players (each 20 guesses): 1,000",
        "  failures: 0  target 0: met",
        "  a guess as the client waited, p99, ms: 151.2  target <= 150: MISSED",
    ]
    record = figures_record(sections)["pipeline serve --workers 1 (1,000 players, 200 in flight)"]
    assert [(row["value"], row["met"]) for row in record] == [
        (1000, None),
        (0, True),
        (151.25, False),
    ]
