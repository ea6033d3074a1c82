"""`pipeline bench serve`: the server under many players, each figure beside its target.

`pipeline serve` is started as a new process on a free port of 127.0.0.1, first with one worker,
then with `--workers N`, on a progress store of the bench's own (a new SQLite file) or the one
`--store` names (a PostgreSQL URL, which several machines would share). Each time, `--players`
players are made and each plays GUESSES guesses on the latest archived Spelling Bee puzzle, 200
in flight at once, bounded in time (`bench/load.py`); then every player's stored words are read
back and compared with what that player was told was accepted, and the players are forgotten.
On the server of one worker, a player then opens the Spelling Bee puzzle and the latest Letter
Boxed board as the page does, and a second later (READING_SECONDS: the server prepares a puzzle's
clues once, as soon as it reads the puzzle) asks for their clues CLUE_ASKS times each; the
server's own time on each answer is read from its `Server-Timing` header. (The commands a player
runs, `pipeline today` and `pipeline solve letter-boxed`, are timed by `pipeline bench stages`.)
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np
import requests

from pipeline.bench.figures import Figure
from pipeline.bench.load import Checked, Played, check, forget, play
from pipeline.bench.rooms import IDLE_PLAYERS, idle_room_figures
from pipeline.errors import UserError
from pipeline.games import GAMES, LETTER_BOXED, SPELLING_BEE
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.storage import warehouse

IN_FLIGHT = 200
GUESSES = 20  # each player's guesses
START_TIMEOUT = 30.0  # seconds: a server not up by then is a failure, not a figure
LOAD_TIMEOUT = 120.0  # seconds: each phase of a load test stops by then
SERVER = "import sys\nfrom pipeline.cli import main\nmain()\n"
P99_TARGET_MS = 150.0
SCALING_TARGET = 1.2  # N workers answer at least this many times the guesses a second of one
CLUE_ASKS = 200  # a player's clue requests timed on each game's puzzle
CLUE_TARGET_MS = 50.0  # a player sees a clue within this much of the server's time
READING_SECONDS = 1.0  # a player looks at a puzzle this long before asking for a clue
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")  # the unit of /proc's CPU times
SERVER_CPU, CLIENT_CPU, MACHINE_CPU = "the server", "the load generator", "the whole machine"
# The bench's load comes from one address, a thousand players at once: no rate limit holds it
# back (serve/limits.py's settings; 0 is no limit)
LOAD_LIMITS = {
    f"PIPELINE_{kind}_PER_MINUTE": "0" for kind in ("NEW_PLAYERS", "WRITES", "GENERATED")
}


def free_port() -> int:
    """Return a port of 127.0.0.1 nobody listens on (the OS's choice)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def started_server(
    progress: str | Path, workers: int = 1, environment: dict[str, str] | None = None
) -> Iterator[tuple[str, float, subprocess.Popen]]:
    """Start `pipeline serve --workers N` on a free port, without rate limits (LOAD_LIMITS) unless
    `environment` sets them; yield its URL, how long it took to answer, and the process, which is
    stopped (Ctrl-C) when the block ends."""
    port = free_port()
    env = {**os.environ, **LOAD_LIMITS, **(environment or {})}
    env["PIPELINE_PROGRESS"] = str(progress)
    started = time.perf_counter()
    command = [sys.executable, "-c", SERVER, "serve", "--port", str(port), "--offline"]
    process = subprocess.Popen(
        [*command, "--workers", str(workers)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        seconds = wait_until_up(url, process, started)
        yield url, seconds, process
    finally:
        process.send_signal(2)  # SIGINT, as Ctrl-C
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


def wait_until_up(url: str, process: subprocess.Popen, started: float) -> float:
    """Return the seconds from the start until the server answers /api/health."""
    while time.perf_counter() - started < START_TIMEOUT:
        if process.poll() is not None:
            raise UserError(f"`pipeline serve` stopped at start (status {process.returncode})")
        with contextlib.suppress(requests.RequestException):
            if requests.get(f"{url}/api/health", timeout=1).ok:
                return time.perf_counter() - started
        time.sleep(0.005)
    raise UserError(f"`pipeline serve` did not answer within {START_TIMEOUT:g} s")


def latest_puzzle() -> tuple[str, list[str]]:
    """Return the latest archived Spelling Bee date with its answers."""
    from pipeline.games.days import stored_record

    with warehouse.open_warehouse(read_only=True) as con:
        tables = tuple(game.table("puzzles") for game in GAMES)
        warehouse.require_tables(con, *tables, stage_hint="pipeline scrape")
        date, _, _ = warehouse.query(con, "play/latest_days").rows[0]
        if date is None:
            raise UserError("no archived puzzle to play: run `make dictionary` first")
        record = stored_record(warehouse.WarehouseReader(con), SPELLING_BEE, date)
    assert isinstance(record, BeeRecord)
    return date.isoformat(), sorted(record.answers)


def plans(answers: list[str], players: int, guesses: int = GUESSES) -> list[list[str]]:
    """Return each player's guesses: mostly answers (accepted), a few words that are not (refused
    for their own reasons), in a seeded order of its own, none twice."""
    misses = ["zzzz", "quiz", "a", "notaword"]
    plans = []
    for player in range(players):
        chosen = random.Random(player)
        words = chosen.sample(answers, min(len(answers), guesses - len(misses))) + misses
        chosen.shuffle(words)
        plans.append(words[:guesses])
    return plans


@dataclass(frozen=True)
class LoadRun:
    """One load test: the server's workers, what the players were told and what was stored."""

    workers: int
    played: Played
    checked: Checked

    @property
    def failures(self) -> int:
        return sum(self.played.failures.values()) + self.checked.unreadable


def tree_cpu_seconds(pid: int) -> float:
    """Return the CPU seconds (user and system) a process and its living descendants have used
    (a server's workers are its children)."""
    total, pending = 0.0, [pid]
    while pending:
        process = Path(f"/proc/{pending.pop()}")
        with contextlib.suppress(OSError):  # a process that ended meanwhile
            times = (process / "stat").read_text().rsplit(")", 1)[1].split()[11:13]
            total += (int(times[0]) + int(times[1])) / CLOCK_TICKS
            for children in process.glob("task/*/children"):
                pending += [int(child) for child in children.read_text().split()]
    return total


def machine_cpu_seconds() -> float:
    """Return the CPU seconds the machine's cores have been busy since it started (/proc/stat:
    every kind of time but idle and waiting for disks): with PostgreSQL as the store, its
    server's processes too, which no process tree of the bench holds."""
    ticks = [int(field) for field in Path("/proc/stat").read_text().split()[1:9]]
    return (sum(ticks) - ticks[3] - ticks[4]) / CLOCK_TICKS  # user .. steal, less idle, iowait


def load_test(
    url: str, date: str, plans: list[list[str]], workers: int, server_pid: int
) -> LoadRun:
    """Play every plan against a running server, read each player's words back, then forget the
    players; return what happened, with the CPU time the server and this process (the load
    generator) spent on the guesses."""
    host, port = url.removeprefix("http://").split(":")
    path = f"/api/spelling-bee/{date}"
    requests.get(f"{url}{path}", timeout=30).raise_for_status()  # the puzzle read once
    meters = {
        SERVER_CPU: lambda: tree_cpu_seconds(server_pid),
        CLIENT_CPU: time.process_time,
        MACHINE_CPU: machine_cpu_seconds,
    }

    async def run() -> LoadRun:
        played = await play(
            host, int(port), f"{path}/guess", plans, IN_FLIGHT, LOAD_TIMEOUT, meters=meters
        )
        checked = await check(host, int(port), f"{path}/progress", played, plans, IN_FLIGHT)
        await forget(host, int(port), played, IN_FLIGHT)
        return LoadRun(workers, played, checked)

    return asyncio.run(run())


def load_figures(run: LoadRun) -> list[Figure]:
    """Return one load test's figures beside their targets."""
    played, checked = run.played, run.checked
    waits = np.percentile(played.waits, [50, 99]) if played.waits else (float("nan"),) * 2
    p50, p99 = map(float, waits)  # plain floats: a numpy bool would reach --json as "False"
    return [
        Figure("players (each 20 guesses)", checked.players, digits=0),
        Figure("failures", run.failures, "0", run.failures == 0, digits=0),
        Figure("cross-talk (words in another player's game)", checked.cross_talk, "0",
               checked.cross_talk == 0, digits=0),
        Figure("acknowledged words lost", checked.lost, "0", checked.lost == 0, digits=0),
        Figure("guesses a second", played.guesses_per_second, digits=0),
        Figure("a guess as the client waited, p50, ms", p50, digits=1),
        Figure("a guess as the client waited, p99, ms", p99, f"<= {P99_TARGET_MS:g}",
               p99 <= P99_TARGET_MS, digits=1),
        *cpu_figures(played),
    ]  # fmt: skip


def cpu_figures(played: Played) -> list[Figure]:
    """Return the CPU the server and the load generator spent on the guesses: per guess, and
    the cores each kept busy (the machine's others ran whatever else it ran)."""
    guesses, seconds = max(len(played.waits), 1), max(played.seconds, 1e-9)
    figures = [
        figure
        for meter, cpu in played.cpu.items()
        for figure in (
            Figure(f"CPU a guess, {meter}, ms", cpu / guesses * 1000, digits=3),
            Figure(f"cores kept busy by {meter}", cpu / seconds, digits=2),
        )
    ]
    if MACHINE_CPU in played.cpu:
        floor = IN_FLIGHT * played.cpu[MACHINE_CPU] / guesses / (os.cpu_count() or 1) * 1000
        figures.append(Figure(LEAST_WAIT, floor, digits=1))
    return figures


# Little's law: with IN_FLIGHT guesses always waiting, the mean wait is IN_FLIGHT over the guesses
# a second, and the cores answer at most cores / (the machine's CPU a guess) a second
LEAST_WAIT = f"the least mean wait the cores allow at {IN_FLIGHT} in flight, ms"


def cpu_a_guess(run: LoadRun, meter: str) -> float:
    """Return the CPU seconds a guess cost `meter` in a load run."""
    return run.played.cpu[meter] / max(len(run.played.waits), 1)


def scaling_ceiling(one: LoadRun, many: LoadRun, workers: int) -> float:
    """Return the most `workers` workers could answer against one on this machine's cores, were
    they idle but for the bench, from each guess's CPU: one worker keeps at most one core busy
    (1 / server a guess), and every process shares the cores with the load generator (cores /
    (server + load generator) a guess)."""

    def most(run: LoadRun, busy: int) -> float:
        server, client = cpu_a_guess(run, SERVER_CPU), cpu_a_guess(run, CLIENT_CPU)
        return min(busy / server, (os.cpu_count() or 1) / (server + client))

    return most(many, workers) / most(one, 1)


def bench_serve(players: int, workers: int, store: str | None) -> dict[str, list[Figure]]:
    """Return the server's figures with one worker and with `workers`."""
    date, answers = latest_puzzle()
    guesses = plans(answers, players)
    sections: dict[str, list[Figure]] = {}
    runs = []
    for count in dict.fromkeys((1, workers)):
        with contextlib.ExitStack() as stack:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            progress = store or folder / "progress.sqlite"
            url, start, server = stack.enter_context(started_server(progress, count))
            run = load_test(url, date, guesses, count, server.pid)
            clues = clue_figures(url, date) if count == 1 else None
            idle = idle_room_figures(url, date, answers, partial(tree_cpu_seconds, server.pid))
        runs.append(run)
        title = f"pipeline serve --workers {count} ({players:,} players, {IN_FLIGHT} in flight)"
        sections[title] = [
            Figure("start until it answers, seconds", start, "<= 1", start <= 1.0, digits=2),
            *load_figures(run),
        ]
        if clues is not None:
            sections["clues (a player of pipeline serve --workers 1)"] = clues
        sections[f"an idle player in a room ({IDLE_PLAYERS}, --workers {count})"] = idle
    if len(runs) == 2:
        ratio = runs[1].played.guesses_per_second / max(runs[0].played.guesses_per_second, 1e-9)
        sections[f"{workers} workers against 1"] = [
            Figure("guesses a second, ratio", ratio, f">= {SCALING_TARGET:g}",
                   ratio >= SCALING_TARGET, digits=2),
            Figure("the most the cores allow, from the CPU a guess (idle but for the bench)",
                   scaling_ceiling(runs[0], runs[1], workers), digits=2),
        ]  # fmt: skip
    return sections


def clue_figures(url: str, date: str) -> list[Figure]:
    """Return the server's time on a player's clue requests, the first and the p50 and p99 of
    all, on the Spelling Bee of `date` and today's board, each asked for a while after the
    puzzle was opened."""
    figures = []
    for game, puzzle in ((SPELLING_BEE, date), (LETTER_BOXED, "today")):
        requests.get(f"{url}/api/{game.name}/{puzzle}", timeout=30).raise_for_status()
        time.sleep(READING_SECONDS)
        times = server_times(url, f"/api/{game.name}/{puzzle}/clues", CLUE_ASKS)
        p50, p99 = np.percentile(times, [50, 99])
        name = f"{game.title} clues ({puzzle}), server ms"
        figures += [
            Figure(f"{name}, the first request", times[0], f"<= {CLUE_TARGET_MS:g}",
                   times[0] <= CLUE_TARGET_MS, digits=1),
            Figure(f"{name}, p50", p50, digits=2),
            Figure(f"{name}, p99", p99, f"<= {CLUE_TARGET_MS:g}", p99 <= CLUE_TARGET_MS, digits=2),
        ]  # fmt: skip
    return figures


def server_times(url: str, path: str, asks: int) -> list[float]:
    """Return the server's own time (ms, its `Server-Timing`) on each of a new player's requests
    of one path, in order; the player is forgotten after."""
    with requests.Session() as session:
        token = session.post(f"{url}/api/players", json={}, timeout=30).json()["token"]
        session.headers["Authorization"] = f"Bearer {token}"
        times = []
        for _ in range(asks):
            answer = session.get(url + path, timeout=30)
            answer.raise_for_status()
            times.append(float(answer.headers["Server-Timing"].split("dur=")[1]))
        session.delete(f"{url}/api/players/me", timeout=30)
    return times
