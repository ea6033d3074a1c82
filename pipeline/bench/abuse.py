"""`pipeline bench abuse`: `pipeline serve` as an attacker tries it, each figure beside its target.

A real `pipeline serve` (one worker, its own SQLite store, no rate limit on generated puzzles so
that its cache fills: `bench/serve.py`'s `started_server`) is started on a free port of
127.0.0.1. Then, from one client:
- memory: the worker's resident memory (`/proc/PID/status`) once it has read a puzzle of each
  kind, and after UNKNOWN_IDS ids no puzzle has (unknown dates, ids of no form, ids far longer
  than any) and GENERATED_IDS generated ids nobody asked for before (half of each game): its
  growth must stay within the worker's caps (the puzzle cache's, `PIPELINE_CACHE_MB`, 64 by
  default, and its other caches') plus 10 MB, and is shown against the puzzle cache's alone;
- slow clients: SLOW_CONNECTIONS connections that each send one byte of a request's head every
  SLOW_BYTE_SECONDS, and how many the server still holds after SLOW_SECONDS (target 0: a client
  too slow to send its request is dropped).
"""

from __future__ import annotations

import contextlib
import os
import socket
import tempfile
import time
from pathlib import Path

import requests

from pipeline.bench.figures import Figure
from pipeline.bench.serve import started_server
from pipeline.games import GAMES

UNKNOWN_IDS = 1000
GENERATED_IDS = 100
CACHE_MB = 64  # the server's default cache cap (serve/limits.py Limits.cache_mb)
# A worker's other caps (docs/commands/serve.md, "The memory ceiling"): the clue texts' caches of
# model/clues.py (five of 4,096 entries: about 25 MB full, docs/clues.md) and three tables of rate buckets
# (10,000 clients each: 3 MB measured full)
OTHER_CAPS_MB = 25 + 3 * 3
ABOVE_CAP_MB = 10  # what the growth may exceed the caps by
SLOW_CONNECTIONS = 40
SLOW_BYTE_SECONDS = 2.0
SLOW_SECONDS = 15.0
SLOW_HEAD = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 64


def resident_mb(pid: int) -> float:
    """Return a process's resident memory (VmRSS), in MB."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(status.split("VmRSS:")[1].split()[0]) / 1024


def unknown_ids(count: int) -> list[str]:
    """Return ids no puzzle has, of three kinds in turn: a date before any puzzle, no form at
    all, and far longer than any id."""
    kinds = (
        lambda n: f"{1800 + n // 12}-{n % 12 + 1:02d}-01",
        lambda n: f"nothing-{n}",
        lambda n: f"{n}-" + "x" * 1000,
    )
    return [kinds[n % 3](n) for n in range(count)]


def memory_figures(url: str, pid: int, cache_mb: float) -> list[Figure]:
    """Return the worker's memory growth over unknown and generated ids, beside its target."""
    names = [game.name for game in GAMES]
    with requests.Session() as session:
        for name in names:  # what every worker loads once: a puzzle of each kind, a generator
            session.get(f"{url}/api/{name}/today", timeout=60)
            session.get(f"{url}/api/{name}/g1-easy-1", timeout=120)
        time.sleep(2)  # their clues, prepared in the worker's own thread
        before = resident_mb(pid)
        statuses = [
            session.get(f"{url}/api/{names[n % len(names)]}/{puzzle}", timeout=60).status_code
            for n, puzzle in enumerate(unknown_ids(UNKNOWN_IDS))
        ]
        after_unknown = resident_mb(pid)
        generated = [
            session.get(f"{url}/api/{names[n % len(names)]}/g{1000 + n}-easy-1", timeout=120)
            for n in range(GENERATED_IDS)
        ]
        time.sleep(2)
        after = resident_mb(pid)
    target = cache_mb + OTHER_CAPS_MB + ABOVE_CAP_MB
    growth = after - before
    return [
        Figure("a worker's memory once warm, MB", before, digits=1),
        Figure(f"unknown ids answered 404 (of {UNKNOWN_IDS:,})", statuses.count(404), digits=0),
        Figure(f"its growth after {UNKNOWN_IDS:,} unknown ids, MB", after_unknown - before, digits=1),
        Figure(f"generated ids answered 200 (of {GENERATED_IDS})",
               sum(answer.status_code == 200 for answer in generated), digits=0),
        Figure(f"its growth after them and {GENERATED_IDS} generated ids, MB (caps: puzzles "
               f"{cache_mb:g} MB, others {OTHER_CAPS_MB} MB)", growth, f"<= {target:g}",
               growth <= target, digits=1),
        Figure("the same against the puzzle cache's cap alone, MB", growth,
               f"<= {cache_mb + ABOVE_CAP_MB:g}", growth <= cache_mb + ABOVE_CAP_MB, digits=1),
    ]  # fmt: skip


def slow_figures(url: str) -> list[Figure]:
    """Return how many slow connections the server still holds after SLOW_SECONDS."""
    host, port = url.removeprefix("http://").split(":")
    held = []
    for _ in range(SLOW_CONNECTIONS):
        connection = socket.create_connection((host, int(port)), timeout=5)
        connection.setblocking(False)
        held.append(connection)
    started, sent = time.monotonic(), 0
    try:
        while time.monotonic() - started < SLOW_SECONDS:
            held = [c for c in held if still_open(c, SLOW_HEAD[sent % len(SLOW_HEAD) :][:1])]
            sent += 1
            time.sleep(
                min(SLOW_BYTE_SECONDS, max(0.0, SLOW_SECONDS - (time.monotonic() - started)))
            )
        held = [connection for connection in held if still_open(connection, b"")]
    finally:
        for connection in held:
            connection.close()
    return [
        Figure(f"slow connections still held after {SLOW_SECONDS:g} s (of {SLOW_CONNECTIONS}, "
               f"one byte every {SLOW_BYTE_SECONDS:g} s)", len(held), "0", not held, digits=0),
    ]  # fmt: skip


def still_open(connection: socket.socket, byte: bytes) -> bool:
    """Send a byte (none: only look) and return whether the server still holds the connection
    (it has neither closed it nor answered it); a closed one is closed here too."""
    try:
        if byte:
            connection.send(byte)
        connection.recv(1, socket.MSG_PEEK)  # closed (b""), or answered: not held waiting
        connection.close()
        return False
    except BlockingIOError:
        return True  # nothing to read: still waiting for the rest of the request
    except OSError:
        connection.close()
        return False


def bench_abuse() -> dict[str, list[Figure]]:
    """Return the figures of a server attacked: memory over many ids, slow clients."""
    cache_mb = float(os.environ.get("PIPELINE_CACHE_MB") or CACHE_MB)
    with contextlib.ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        url, _, server = stack.enter_context(started_server(folder / "progress.sqlite"))
        return {
            "pipeline serve --workers 1, one client's ids": memory_figures(
                url, server.pid, cache_mb
            ),
            "pipeline serve --workers 1, slow clients": slow_figures(url),
        }
