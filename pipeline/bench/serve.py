"""`pipeline bench serve`: the figures a player waits on, each beside its target.

`pipeline serve` is started as a new process on a free port of 127.0.0.1 (with a progress file of
its own, so the bench leaves the player's alone) and timed until it answers; then a bounded load
test sends guesses on the latest archived Spelling Bee puzzle, 200 in flight at once, and reads
the server's own time for each (its `Server-Timing` header) beside the time the client waited.
Last, the two commands a player runs, `pipeline today` and `pipeline solve letter-boxed`, are
timed as whole processes with the peak memory each reports.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import requests

from pipeline.bench.figures import Figure, timed_command
from pipeline.errors import UserError
from pipeline.games import GAMES, LETTER_BOXED
from pipeline.storage import warehouse

IN_FLIGHT = 200
START_TIMEOUT = 30.0  # seconds: a server not up by then is a failure, not a figure
LOAD_TIMEOUT = 120.0  # seconds: the whole load test stops by then
GUESSES = ("word", "zzzz", "a", "quiz")  # besides the puzzle's letters: every verdict's path
SERVER = "import sys\nfrom pipeline.cli import main\nmain()\n"


def free_port() -> int:
    """Return a port of 127.0.0.1 nobody listens on (the OS's choice)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def started_server(progress: Path) -> Iterator[tuple[str, float, subprocess.Popen]]:
    """Start `pipeline serve` on a free port; yield its URL, how long it took to answer, and the
    process, which is stopped (Ctrl-C) when the block ends."""
    port = free_port()
    environment = {**os.environ, "PIPELINE_PROGRESS": str(progress)}
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-c", SERVER, "serve", "--port", str(port), "--offline"],
        env=environment,
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
            process.wait(timeout=10)
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


def latest_puzzle() -> tuple[str, str, list[str]]:
    """Return the latest archived Spelling Bee date with its letters, and the Letter Boxed
    sides of the latest board."""
    with warehouse.open_warehouse(read_only=True) as con:
        tables = tuple(game.table("puzzles") for game in GAMES)
        warehouse.require_tables(con, *tables, stage_hint="pipeline scrape")
        date, letters, sides = warehouse.query(con, "play/latest_days").rows[0]
    if date is None or sides is None:
        raise UserError("no archived puzzle to play: run `make dictionary` first")
    return date.isoformat(), letters, list(sides)


def guesses(letters: str, count: int) -> list[str]:
    """Return `count` guesses cycling through words made of the puzzle's letters and others."""
    made = [letters[0] + letters[1:4], letters, letters[::-1], letters[0] * 4]
    pool = [*made, *GUESSES]
    return [pool[i % len(pool)] for i in range(count)]


def load_test(url: str, date: str, words: list[str]) -> tuple[np.ndarray, np.ndarray, int]:
    """Send every guess with IN_FLIGHT at once (one kept-alive connection each, written and read
    with asyncio's streams: a light client leaves the two cores to the server); return the
    server's and the client's time per request (ms) and how many failed."""
    requests.get(f"{url}/api/spelling-bee/{date}", timeout=30).raise_for_status()  # read once
    host, port = url.removeprefix("http://").split(":")
    path = f"/api/spelling-bee/{date}/guess"
    return asyncio.run(send_all(host, int(port), path, words))


async def send_all(
    host: str, port: int, path: str, words: list[str]
) -> tuple[np.ndarray, np.ndarray, int]:
    """Send the guesses over IN_FLIGHT connections; return the times and the failures."""
    queue: asyncio.Queue[str] = asyncio.Queue()
    for word in words:
        queue.put_nowait(word)
    server: list[float] = []
    client: list[float] = []
    failed = 0

    async def connection() -> None:
        nonlocal failed
        reader, writer = await asyncio.open_connection(host, port)
        try:
            while not queue.empty():
                word = queue.get_nowait()
                timed = await one_guess(reader, writer, host, path, word)
                if timed is None:
                    failed += 1
                else:
                    server.append(timed[0])
                    client.append(timed[1])
        finally:
            writer.close()

    workers = [connection() for _ in range(IN_FLIGHT)]
    await asyncio.wait_for(asyncio.gather(*workers), LOAD_TIMEOUT)
    return np.array(server), np.array(client), failed


async def one_guess(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, host: str, path: str, word: str
) -> tuple[float, float] | None:
    """Send one guess on a kept-alive connection; return the server's and the client's time (ms),
    or None when it failed."""
    body = json.dumps({"word": word}).encode()
    head = (
        f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    started = time.perf_counter()
    writer.write(head.encode() + body)
    await writer.drain()
    status = await reader.readline()
    headers = {}
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode().partition(":")
        headers[name.strip().lower()] = value.strip()
    await reader.readexactly(int(headers.get("content-length", "0")))
    waited = (time.perf_counter() - started) * 1000
    if b" 200 " not in status or "server-timing" not in headers:
        return None
    return float(headers["server-timing"].split("dur=")[1]), waited


def bench_serve(count: int) -> dict[str, list[Figure]]:
    """Return the server's and the two commands' figures, each beside its target."""
    date, letters, sides = latest_puzzle()
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        url, start, _ = stack.enter_context(started_server(folder / "progress.sqlite"))
        server, client, failed = load_test(url, date, guesses(letters, count))
    p50, p99 = np.percentile(server, [50, 99]) if len(server) else (float("nan"),) * 2
    c50, c99 = np.percentile(client, [50, 99]) if len(client) else (float("nan"),) * 2
    today_s, today_mb = timed_command(["today", "--offline"])
    solve_s, solve_mb = timed_command(["solve", LETTER_BOXED.name, *sides])
    return {
        "pipeline serve": [
            Figure("start until it answers, seconds", start, "<= 1", start <= 1.0),
            Figure(f"guesses answered ({IN_FLIGHT} in flight)", float(len(server))),
            Figure("guesses failed", float(failed), "0", failed == 0),
            Figure("a guess, server p50, ms", p50, "<= 5", p50 <= 5),
            Figure("a guess, server p99, ms", p99, "<= 20", p99 <= 20),
            Figure("  a guess as the client waited, p50, ms", c50),
            Figure("  a guess as the client waited, p99, ms", c99),
        ],
        "commands a player waits on": [
            Figure(f"pipeline today (both games, the day {date}), seconds", today_s, "<= 0.2", today_s <= 0.2),
            Figure("pipeline today, peak memory, MB", today_mb, "<= 100", today_mb <= 100),
            Figure(f"pipeline solve letter-boxed {' '.join(sides)}, seconds", solve_s, "<= 0.2", solve_s <= 0.2),
            Figure("pipeline solve letter-boxed, peak memory, MB", solve_mb, "<= 100", solve_mb <= 100),
        ],
    }  # fmt: skip
