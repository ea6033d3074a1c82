"""A cheap load generator for `pipeline serve`, and the check of what it stored: players, each
with a token of their own (`POST /api/players`), play their guesses on one puzzle over kept-alive
HTTP/1.1 connections written and read with asyncio's streams (a light client leaves the cores to
the server), `in_flight` connections at once, bounded in time. Then each player's stored words are
read back and compared with what that player was told was accepted.

A request that fails (a connection reset by a killed worker, a 503 while the database is down)
is counted and its connection made anew; it is never retried, so a word is acknowledged only by
a 200 that said `accepted`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field

CONNECTION_ERRORS = (OSError, asyncio.IncompleteReadError, ConnectionError, ValueError)


@dataclass
class Answer:
    """One HTTP answer: its status, its body and how long the client waited (ms)."""

    status: int
    body: bytes
    waited: float


class Connection:
    """One kept-alive HTTP/1.1 connection to the server."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: object = None, token: str | None = None
    ) -> Answer:
        """Send one request (connecting first when needed) and read its whole answer."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n"
        started = time.perf_counter()
        self.writer.write(head.encode() + b"\r\n" + data)
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("the server closed the connection")
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        answer = await self.reader.readexactly(length)
        waited = (time.perf_counter() - started) * 1000
        return Answer(int(status_line.split()[1]), answer, waited)

    def close(self) -> None:
        """Close the connection (the next request opens a new one)."""
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


@dataclass
class Played:
    """What the players were told, and how long each guess took."""

    tokens: list[str | None]
    accepted: list[list[str]]  # per player: the words a 200 said were accepted, in order
    waits: list[float] = field(default_factory=list)  # ms, per guess answered 200
    failures: Counter[str] = field(default_factory=Counter)  # what failed, by kind
    seconds: float = 0.0  # the guesses' wall time
    cpu: dict[str, float] = field(default_factory=dict)  # CPU seconds of the guesses, by meter

    @property
    def guesses_per_second(self) -> float:
        return len(self.waits) / self.seconds if self.seconds else 0.0


def new_played(players: int) -> Played:
    """Return the record of a load test before it starts."""
    return Played([None] * players, [[] for _ in range(players)])


@dataclass(frozen=True)
class Checked:
    """Each player's stored words against what they were told."""

    players: int
    cross_talk: int  # stored words a player never guessed (someone else's)
    lost: int  # words a player was told were accepted, not stored
    unreadable: int  # players whose progress could not be read back


Work = Callable[[Connection, int], Awaitable[None]]


async def in_lanes(host: str, port: int, count: int, in_flight: int, work: Work) -> None:
    """Do work(connection, index) for each index below count, `in_flight` connections at once."""
    queue: asyncio.Queue[int] = asyncio.Queue()
    for index in range(count):
        queue.put_nowait(index)

    async def lane() -> None:
        connection = Connection(host, port)
        try:
            while not queue.empty():
                await work(connection, queue.get_nowait())
        finally:
            connection.close()

    await asyncio.gather(*(lane() for _ in range(min(in_flight, count))))


async def play(
    host: str,
    port: int,
    path: str,
    plans: list[list[str]],
    in_flight: int,
    timeout: float,
    played: Played | None = None,
    meters: Mapping[str, Callable[[], float]] | None = None,
) -> Played:
    """Make a player per plan, then play each plan's guesses (POST `path`), `in_flight` at once;
    stop by `timeout` seconds. What happens is written to `played` as it happens (a new one when
    none is given), with the CPU seconds each of `meters` (a clock of CPU time) counted over the
    guesses."""
    played = played or new_played(len(plans))
    meters = meters or {}

    async def join(connection: Connection, index: int) -> None:
        answer = await attempt(connection, played, "POST", "/api/players", {})
        if answer is not None and answer.status == 201:
            played.tokens[index] = json.loads(answer.body)["token"]

    async def guesses(connection: Connection, index: int) -> None:
        token = played.tokens[index]
        for word in plans[index] if token else ():
            answer = await attempt(connection, played, "POST", path, {"word": word}, token)
            if answer is not None and answer.status == 200:
                played.waits.append(answer.waited)
                if json.loads(answer.body)["verdict"] == "accepted":
                    played.accepted[index].append(word)

    await asyncio.wait_for(in_lanes(host, port, len(plans), in_flight, join), timeout)
    started, cpu_before = time.perf_counter(), {name: read() for name, read in meters.items()}
    await asyncio.wait_for(in_lanes(host, port, len(plans), in_flight, guesses), timeout)
    played.seconds = time.perf_counter() - started
    played.cpu = {name: read() - cpu_before[name] for name, read in meters.items()}
    return played


async def attempt(
    connection: Connection,
    played: Played,
    method: str,
    path: str,
    body: object = None,
    token: str | None = None,
) -> Answer | None:
    """Send a request once; count a failure (an error status, or a broken connection, which is
    then made anew) and return None for it."""
    try:
        answer = await connection.request(method, path, body, token)
    except CONNECTION_ERRORS as error:
        played.failures[type(error).__name__] += 1
        connection.close()
        return None
    if answer.status >= 400:
        played.failures[f"HTTP {answer.status}"] += 1
    return answer


async def check(
    host: str, port: int, path: str, played: Played, plans: list[list[str]], in_flight: int
) -> Checked:
    """Read each player's words back (GET `path`) and compare them with what they were told."""
    cross_talk = lost = unreadable = 0

    async def read_back(connection: Connection, index: int) -> None:
        nonlocal cross_talk, lost, unreadable
        token = played.tokens[index]
        if token is None:
            return
        try:
            answer = await connection.request("GET", path, token=token)
            found = json.loads(answer.body)["found"]
        except (*CONNECTION_ERRORS, KeyError):
            unreadable += 1
            connection.close()
            return
        cross_talk += len(set(found) - set(plans[index]))
        lost += len(set(played.accepted[index]) - set(found))

    await in_lanes(host, port, len(plans), in_flight, read_back)
    return Checked(sum(token is not None for token in played.tokens), cross_talk, lost, unreadable)


async def forget(host: str, port: int, played: Played, in_flight: int) -> None:
    """Forget every player the load made (the store is left as it was found)."""

    async def forget_one(connection: Connection, index: int) -> None:
        token = played.tokens[index]
        if token is not None:
            with contextlib.suppress(*CONNECTION_ERRORS):
                await connection.request("DELETE", "/api/players/me", token=token)

    await in_lanes(host, port, len(played.tokens), in_flight, forget_one)
