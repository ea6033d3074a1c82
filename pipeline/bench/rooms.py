"""`pipeline bench serve`'s idle players in a room: what a player costs the server while nothing
happens, for each way a page can learn of a teammate's word at once.

- asking: each page asks for the room's progress every POLL_SECONDS with `If-None-Match` (the
  answer is 304 while nothing changed), so that a word shows within 2 s;
- the live feed: each page holds one stream (`GET .../events?room=CODE`, Server-Sent Events),
  which says nothing while nothing changes.

IDLE_PLAYERS pages do one or the other for IDLE_SECONDS; the server's CPU (its process tree,
`/proc`) and the requests are counted, beside the server's CPU over as long with nobody. Then a
teammate finds a word, and the bench waits until every page learned of it (asked again and got a
200, or got a message).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import requests

from pipeline.bench.figures import Figure

IDLE_PLAYERS = 50
IDLE_SECONDS = 20.0
POLL_SECONDS = 1.0  # a page asking this often shows a teammate's word within 2 s
SEEN_TIMEOUT = 10.0  # seconds: a page that has not learned of the word by then counts as never


@dataclass
class Pages:
    """What the idle pages did: requests sent, and when each learned of the teammate's word."""

    requests: int = 0  # while idle
    seen: dict[int, float] = field(default_factory=dict)  # page -> when it learned of the word
    word_at: float | None = None  # when the teammate's word was acknowledged


async def send_get(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, host: str, path: str, etag: str
) -> tuple[int, str, bytes]:
    """Send one GET on a kept-alive connection; return its status, ETag and body."""
    head = f"GET {path} HTTP/1.1\r\nHost: {host}\r\n"
    if etag:
        head += f"If-None-Match: {etag}\r\n"
    writer.write((head + "\r\n").encode())
    await writer.drain()
    status = int((await reader.readline()).split()[1])
    headers = {}
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode().partition(":")
        headers[name.strip().lower()] = value.strip()
    body = await reader.readexactly(int(headers.get("content-length", "0")))
    return status, headers.get("etag", ""), body


async def asking_page(
    host: str, port: int, path: str, page: int, ends: float, pages: Pages
) -> None:
    """Ask for the progress every POLL_SECONDS until `ends`, then until the word shows."""
    reader, writer = await asyncio.open_connection(host, port)
    etag = ""
    loop = asyncio.get_running_loop()
    try:
        while page not in pages.seen and loop.time() < ends + SEEN_TIMEOUT:
            status, tag, _ = await send_get(reader, writer, host, path, etag)
            pages.requests += loop.time() < ends  # the idle minutes' requests
            if status == 200 and etag and pages.word_at is not None:
                pages.seen[page] = time.perf_counter()
            etag = tag or etag
            await asyncio.sleep(POLL_SECONDS)
    finally:
        writer.close()


async def streaming_page(
    host: str, port: int, path: str, page: int, ends: float, pages: Pages
) -> None:
    """Hold the live feed until `ends`, then until the word's message came."""
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    await writer.drain()
    pages.requests += 1
    loop = asyncio.get_running_loop()
    try:
        while loop.time() < ends + SEEN_TIMEOUT:
            timeout = max(ends + SEEN_TIMEOUT - loop.time(), 0.01)
            try:
                line = await asyncio.wait_for(reader.readline(), timeout)
            except TimeoutError:
                return
            if line.startswith(b"data:") and pages.word_at is not None:
                pages.seen[page] = time.perf_counter()
                return
    finally:
        writer.close()


async def idle_pages(url: str, path: str, page: Callable, find_word: Callable[[], None]) -> Pages:
    """Run IDLE_PLAYERS pages for IDLE_SECONDS, then have a teammate find a word."""
    host, port = url.removeprefix("http://").split(":")
    pages = Pages()
    loop = asyncio.get_running_loop()
    ends = loop.time() + IDLE_SECONDS
    tasks = [
        asyncio.create_task(page(host, int(port), path, n, ends, pages))
        for n in range(IDLE_PLAYERS)
    ]
    await asyncio.sleep(IDLE_SECONDS)
    pages.word_at = time.perf_counter()  # sent: a feed may tell before the teammate hears back
    await loop.run_in_executor(None, find_word)
    with contextlib.suppress(Exception):
        await asyncio.gather(*tasks)
    return pages


def idle_room_figures(
    url: str, date: str, answers: list[str], server_cpu: Callable[[], float]
) -> list[Figure]:
    """Return the cost of an idle player in a room, asking and on the live feed, on the Spelling
    Bee of `date` (a teammate finds one of its answers after each); the server's CPU is read by
    `server_cpu`."""
    room = requests.post(f"{url}/api/rooms", json={}, timeout=30).json()["room"]
    puzzle = f"/api/spelling-bee/{date}"
    requests.get(f"{url}{puzzle}", timeout=30).raise_for_status()
    teammate, words = requests.Session(), iter(answers)

    def find_word() -> None:
        found = teammate.post(
            f"{url}{puzzle}/guess?room={room}", json={"word": next(words)}, timeout=30
        )
        assert found.json()["verdict"] == "accepted", found.text

    started = server_cpu()
    time.sleep(IDLE_SECONDS)
    nobody = (server_cpu() - started) * 60 / IDLE_SECONDS * 1000
    figures = [Figure("server CPU a minute with no player, ms", nobody, digits=0)]
    ways = (
        ("asking each second (304 while unchanged)", asking_page, f"{puzzle}/progress?room={room}"),
        ("the live feed (Server-Sent Events)", streaming_page, f"{puzzle}/events?room={room}"),
    )
    for name, page, path in ways:
        started = server_cpu()
        pages = asyncio.run(idle_pages(url, path, page, find_word))
        cpu = server_cpu() - started
        figures += idle_figures(name, pages, cpu, nobody)
    return figures


def idle_figures(name: str, pages: Pages, cpu: float, nobody: float) -> list[Figure]:
    """Return one way's figures: an idle player's requests and server CPU a minute, and how long
    after a teammate's word the last page learned of it."""
    minutes = IDLE_SECONDS / 60
    again = (pages.requests - IDLE_PLAYERS) / IDLE_PLAYERS / minutes  # after each page's first
    seen = [at - pages.word_at for at in pages.seen.values()] if pages.word_at else []  # sent
    last = max(seen) if len(seen) == IDLE_PLAYERS else float("inf")
    return [
        Figure(f"{name}: requests a minute, an idle player, after its first", again, digits=1),
        Figure(f"{name}: server CPU a minute, an idle player, ms",
               (cpu * 1000 - nobody * minutes) / IDLE_PLAYERS / minutes, digits=2),
        Figure(f"{name}: a teammate's word on every page after, s", last, "<= 2", last <= 2.0,
               digits=2),
    ]  # fmt: skip
