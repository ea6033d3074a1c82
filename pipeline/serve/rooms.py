"""Rooms played live: whether a room exists (`GET /api/rooms/{code}`), the short name a player is
shown by to their teammates (`/api/players/me/name`), and each puzzle's live feed in a room
(`GET /api/<game>/{puzzle_id}/events?room=CODE`, Server-Sent Events): a message at once, then one
each time anyone in the room changes the puzzle, whichever process or machine took the write. The
page fetches the room's progress again at each message.

A process runs one feed of the store (`storage/progress_feed.py`, started with its first stream)
and wakes the streams of each puzzle that changed. A stream says nothing else but a comment every
PING_SECONDS (a dead connection is found by it), and ends after STREAM_SECONDS (the browser
connects again after RETRY_MS, and the first message tells it to look again); a process keeps at
most half its connections' cap as streams (503 with Retry-After past them: the other half stays
for requests), and at most MAX_STREAMS_PER_ADDRESS of one client's address (429).

Why a stream and not the page asking again and again (`If-None-Match` on the progress, 304 while
it holds): `pipeline bench serve` measures an idle player in a room both ways
(docs/commands/serve.md).
"""

from __future__ import annotations

import asyncio
import collections
import re
import threading
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import FastAPI, Path, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response, StreamingResponse
from pydantic import BaseModel, Field

from pipeline.games import GAMES, Game
from pipeline.games.api import GameApi
from pipeline.games.hooks import hooks_of
from pipeline.serve import caching
from pipeline.serve.limits import RateLimited, address_of
from pipeline.serve.players import ROOM_CODE, ROOM_CODE_RULE, UnknownRoom, authorize, caller
from pipeline.serve.puzzles import Puzzles
from pipeline.serve.routes import (
    OPTIONAL_PLAYER,
    ErrorBody,
    PuzzleId,
    refused_writes,
    spend,
    spend_a_write,
)
from pipeline.serve.threads import in_store
from pipeline.storage.player_progress import ROOM, Progress, change_of
from pipeline.storage.progress_feed import Feed, start_feed

PING_SECONDS = 15.0
STREAM_SECONDS = 300.0
RETRY_MS = 2000
READY_SECONDS = 5.0  # a stream's first message waits at most this for its process's feed
MAX_STREAMS_PER_ADDRESS = 16  # open streams of one client's address (limits.address_of)
NAME_LENGTH = 20
NAME = re.compile(rf"[A-Za-z0-9 ]{{0,{NAME_LENGTH}}}")
NAME_PATTERN = rf"^\s*[A-Za-z0-9 ]{{0,{NAME_LENGTH}}}\s*$"


class Watchers:
    """The streams of a process, by the change (owner and puzzle) each waits for; the store's feed
    wakes them from its thread."""

    def __init__(self, progress: Progress, max_streams: int) -> None:
        self.progress = progress
        self.max_streams = max_streams
        self.by_address: collections.Counter[str] = collections.Counter()
        self._lock = threading.Lock()
        self._waiting: dict[str, set[asyncio.Event]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._feed: Feed | None = None
        self.streams = 0

    def watch(self, change: str, address: str) -> asyncio.Event:
        """Return an event set at each change to an owner's puzzle, for a stream of a client's
        address (the feed starts with the first)."""
        event = asyncio.Event()
        with self._lock:
            self.by_address[address] += 1
            self._loop = asyncio.get_running_loop()
            self._waiting.setdefault(change, set()).add(event)
            self.streams += 1
            if self._feed is None:
                self._feed = start_feed(self.progress.dialect, self.changed)
        return event

    def wait_ready(self, seconds: float) -> bool:
        """Return once the feed follows the store (a change committed after is told), or after
        `seconds`: whether it does."""
        feed = self._feed
        return feed is None or feed.ready.wait(seconds)

    def unwatch(self, change: str, event: asyncio.Event, address: str) -> None:
        """Stop waking a stream of a client's address that ended."""
        with self._lock:
            self.by_address[address] -= 1
            if self.by_address[address] <= 0:
                del self.by_address[address]
            waiting = self._waiting.get(change, set())
            waiting.discard(event)
            if not waiting:
                self._waiting.pop(change, None)
            self.streams -= 1

    def changed(self, changes: list[str] | None) -> None:
        """Wake the streams of the changes (None: every stream), from the feed's thread."""
        with self._lock:
            if changes is None:
                woken = [event for events in self._waiting.values() for event in events]
            else:
                woken = [event for c in set(changes) for event in self._waiting.get(c, ())]
            loop = self._loop
        if loop is not None and woken and not loop.is_closed():
            loop.call_soon_threadsafe(wake, woken)

    def close(self) -> None:
        """Stop the feed."""
        with self._lock:
            feed, self._feed = self._feed, None
        if feed is not None:
            feed.close()


def wake(events: list[asyncio.Event]) -> None:
    """Set each event (on the loop the streams wait on)."""
    for event in events:
        event.set()


class NameBody(BaseModel):
    """The name a player is shown by in a room: letters, digits and spaces, at most 20; empty for
    none."""

    name: str = Field(examples=["Ann"], json_schema_extra={"pattern": NAME_PATTERN})


class NameAnswer(BaseModel):
    """The name a player is shown by in a room (null: none, "a teammate" to the others)."""

    name: str | None


class RoomAnswer(BaseModel):
    """A room that exists: its code."""

    room: str


def plain_name(name: str) -> str | None:
    """Return a name as kept (spaces trimmed and single), None for none; ValueError when it is not
    letters, digits and spaces, at most NAME_LENGTH."""
    kept = " ".join(name.split())
    if not NAME.fullmatch(kept):
        raise ValueError(f"a name is letters, digits and spaces, at most {NAME_LENGTH}")
    return kept or None


RoomCode = Annotated[str, Path(pattern=ROOM_CODE.pattern, examples=["k7wq2mzp9rtx4dnb"])]
RoomParameter = Annotated[
    str,
    Query(
        description="The room's code (`POST /api/rooms`)",
        pattern=ROOM_CODE.pattern,
        examples=["k7wq2mzp9rtx4dnb"],
    ),
]


def add_room_routes(app: FastAPI, puzzles: Puzzles, max_connections: int) -> None:
    """The room check, the player's name and every game's live feed (at most half the
    connections a worker holds)."""
    progress: Progress = app.state.progress
    watchers = Watchers(progress, max(1, max_connections // 2))
    app.state.watchers = watchers
    app.router.on_shutdown.append(watchers.close)
    down: dict[int | str, dict[str, Any]] = {
        503: {"model": ErrorBody, "description": "the progress store cannot be reached"}
    }
    unknown: dict[int | str, dict[str, Any]] = {
        400: {"model": ErrorBody, "description": f"a code that is not {ROOM_CODE_RULE}"},
        404: {"model": ErrorBody, "description": "no room has this code"},
    }

    @app.get(
        "/api/rooms/{code}",
        summary="Whether a room exists (404: no room has this code)",
        response_model=RoomAnswer,
        responses=unknown | down,
    )
    async def room(request: Request, code: RoomCode) -> JSONResponse:
        code = code.lower()
        if await in_store(request, lambda: progress.owner_of(ROOM, code)) is None:
            raise UnknownRoom(f"no room {code!r}: POST /api/rooms makes one")
        return caching.private({"room": code})

    add_name_routes(app, progress, down)
    for game in GAMES:
        api = hooks_of(game).api()
        if api is not None:
            add_events_route(app, game, api, puzzles, watchers)


def add_name_routes(
    app: FastAPI, progress: Progress, down: dict[int | str, dict[str, Any]]
) -> None:
    """The name a player is shown by in a room: read it, choose it."""
    unknown: dict[int | str, dict[str, Any]] = {
        401: {"model": ErrorBody, "description": "a token that is malformed, wrong or forgotten"}
    }

    @app.get(
        "/api/players/me/name",
        summary="The name the player is shown by in a room (null: none)",
        response_model=NameAnswer,
        responses=unknown | down,
        openapi_extra=OPTIONAL_PLAYER,
    )
    async def name(request: Request) -> Response:
        who = await caller(request)
        found = await in_store(request, lambda: who.read(progress.name))
        return caching.private({"name": found})

    @app.post(
        "/api/players/me/name",
        summary="Choose the name the player is shown by in a room (empty: none)",
        response_model=NameAnswer,
        responses=unknown
        | down
        | refused_writes("POST")
        | {
            400: {"model": ErrorBody, "description": "not letters, digits and spaces, at most 20"},
            413: {"model": ErrorBody, "description": "a body over 4096 bytes"},
            429: {
                "model": ErrorBody,
                "description": "too many writes of this player, or new players from this address",
            },
        },
        openapi_extra=OPTIONAL_PLAYER,
    )
    async def choose_name(request: Request, body: NameBody) -> Response:
        from pipeline.games.play import BadGuess

        try:
            chosen = plain_name(body.name)
        except ValueError as error:
            raise BadGuess(str(error)) from None
        who = await caller(request)
        spend_a_write(request, who)
        await in_store(request, lambda: who.write(lambda named: progress.set_name(named, chosen)))
        response = caching.private({"name": chosen})
        who.remember(request, response)
        return response


def add_events_route(
    app: FastAPI, game: Game, api: GameApi, puzzles: Puzzles, watchers: Watchers
) -> None:
    """A game's live feed of a room's puzzle."""

    @app.get(
        f"/api/{game.name}/{{puzzle_id}}/events",
        summary="A room's live feed of the puzzle: Server-Sent Events, one at once, then one at "
        "each change (fetch the progress again)",
        tags=[game.title],
        operation_id=f"get_{game.slug}_events",
        response_class=StreamingResponse,
        responses={
            200: {"content": {"text/event-stream": {"schema": {"type": "string"}}}},
            400: {"model": ErrorBody, "description": f"no room, or a code that is not "
                  f"{ROOM_CODE_RULE}"},
            401: {"model": ErrorBody, "description": "a token that is malformed, wrong or forgotten"},
            404: {"model": ErrorBody, "description": "no puzzle has this id, or no room this code"},
            429: {"model": ErrorBody, "description": f"over {MAX_STREAMS_PER_ADDRESS} streams "
                  "open from this address, or too many new generated puzzles (Retry-After)"},
            503: {"model": ErrorBody, "description": "no warehouse to play from, the progress "
                  "store cannot be reached, or too many streams open (Retry-After)"},
        },
        openapi_extra=OPTIONAL_PLAYER,
    )  # fmt: skip
    async def events(request: Request, puzzle_id: PuzzleId, room: RoomParameter) -> Response:
        who = authorize(request, room)
        puzzle = puzzles.kept(game, puzzle_id) or await run_in_threadpool(
            puzzles.puzzle, game, api, puzzle_id, lambda: spend(request, "generated")
        )
        # the room: UnknownRoom (404) when none
        owner = await in_store(request, lambda: who.read(watchers.progress.room_owner))
        if watchers.streams >= watchers.max_streams:
            return JSONResponse(
                {"error": "too many live feeds open: try again"},
                status_code=503,
                headers={"Retry-After": "30", "Cache-Control": caching.ERROR},
            )
        address = address_of(request.client.host if request.client else None)
        if watchers.by_address[address] >= MAX_STREAMS_PER_ADDRESS:
            raise RateLimited(f"over {MAX_STREAMS_PER_ADDRESS} live feeds open from here", 30)
        change = change_of(owner, api.key(puzzle))
        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        stream = messages(watchers, change, address)
        return StreamingResponse(stream, media_type="text/event-stream", headers=headers)


async def messages(watchers: Watchers, change: str, address: str) -> AsyncIterator[str]:
    """Yield a stream's messages (of a client's address): one at once, one at each change, a
    comment every PING_SECONDS, until STREAM_SECONDS have passed."""
    event = watchers.watch(change, address)
    loop = asyncio.get_running_loop()
    try:
        # the first message, once the feed follows the store: the progress the page fetches
        # then is at least as new as the first change the feed tells
        if not watchers.wait_ready(0):
            await asyncio.to_thread(watchers.wait_ready, READY_SECONDS)
        yield f"retry: {RETRY_MS}\ndata: changed\n\n"
        ends = loop.time() + STREAM_SECONDS
        while (left := ends - loop.time()) > 0:
            try:
                await asyncio.wait_for(event.wait(), min(PING_SECONDS, left))
            except TimeoutError:
                yield ": ping\n\n"
                continue
            event.clear()
            yield "data: changed\n\n"
    finally:
        watchers.unwatch(change, event, address)
