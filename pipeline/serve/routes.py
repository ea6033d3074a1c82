"""Every game's operations (`games/<slug>/api.py`, from its hook `api`) registered the same way
under `/api/<game>/{puzzle_id}`: the puzzle read by its id (once per process), the work done where
the progress store is used (`threads.py`: it may read and write the store), the player and their cookie
(`players.py`), the caching headers (`caching.py`), and every status it can answer in the OpenAPI
document. A new game needs no line here."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import FastAPI, Path, Query, Request, Response
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel

from pipeline.games import GAMES, Game
from pipeline.games.api import GameApi, Operation
from pipeline.games.generated import ID_FORMAT
from pipeline.games.hooks import hooks_of
from pipeline.serve import caching
from pipeline.serve.forgery import UNSAFE
from pipeline.serve.limits import RateLimits, address_of
from pipeline.serve.players import ROOM_CODE_RULE, Caller, RoomQuery, authorize
from pipeline.serve.puzzles import Puzzles
from pipeline.serve.threads import in_store
from pipeline.storage.player_progress import (
    Progress,
    PuzzleKey,
    PuzzleProgress,
    Who,
    Written,
)

PuzzleId = Annotated[
    str,
    Path(
        description=f"`YYYY-MM-DD` (an archived puzzle), `today`, or a generated id `{ID_FORMAT}`",
        examples=["2025-08-01", "today", "g7-easy-3"],
    ),
]
# The bearer token, or the browser's cookie, or neither (a first visit: reads see an empty game).
OPTIONAL_PLAYER: dict[str, Any] = {"security": [{"bearer": []}, {"cookie": []}, {}]}
TEAMMATE = "a teammate"  # a room's word whose finder is forgotten or unknown


class ErrorBody(BaseModel):
    """Every error's body: one sentence, never a traceback."""

    error: str


class EmptyBody(BaseModel):
    """The body of a write that needs nothing more: `{}`. Every write takes a JSON body, which an
    HTML form of another site cannot send (`forgery.py`)."""


def body_of(operation: Operation) -> type[BaseModel] | None:
    """Return the JSON body an operation takes: its own, or `{}` for a POST without one."""
    return operation.body or (EmptyBody if operation.method == "POST" else None)


@dataclass
class GameCall:
    """One request to a game's operation, where the store is used (`games.api.Call`): each write
    one round trip to the store, which answers with the progress after it (`progress()` then
    asks nothing more)."""

    puzzles: Puzzles
    puzzle: Any
    body: Any
    query: Any
    api: GameApi
    who: Caller | None  # None for a public operation, which reads no progress
    _after: PuzzleProgress | None = None  # the progress the last write answered

    @property
    def key(self) -> PuzzleKey:
        return self.api.key(self.puzzle)

    def _who(self) -> Caller:
        if self.who is None:
            raise RuntimeError("a public operation asked for a player's progress")
        return self.who

    def progress(self) -> PuzzleProgress:
        if self._after is not None:
            return self._after
        who = self._who()
        return who.read(lambda named: who.progress.progress(named, self.key))

    def _write(self, work: Callable[[Progress, Who], Written]) -> Written:
        who = self._who()
        written = who.write(lambda named: work(who.progress, named))
        self._after = written.progress
        return written

    def add_word(self, word: str, points: int) -> bool:
        facts = self.api.facts(self.puzzle)
        return self._write(
            lambda store, named: store.add_word(named, self.key, facts, word, points)
        ).changed

    def fill_points(self, points: dict[str, int]) -> None:
        who = self._who()
        who.read(lambda named: who.progress.fill_points(named, self.key, points))

    def replace_chain(self, chain: list[str], solved: bool) -> None:
        facts = self.api.facts(self.puzzle)
        self._write(lambda store, named: store.replace_chain(named, self.key, facts, chain, solved))

    def clear(self) -> None:
        self._write(lambda store, named: store.clear(named, self.key))

    def reveal(self) -> None:
        facts = self.api.facts(self.puzzle)
        self._write(lambda store, named: store.reveal(named, self.key, facts))

    def found_by(self, words: list[str]) -> dict[str, str]:
        who = self._who()
        if who.room is None:
            return {}
        finders = who.read(lambda named: who.progress.finders(named, self.key))
        said = {w: "you" if f.mine else f.name or TEAMMATE for w, f in finders.items()}
        return {word: said.get(word, TEAMMATE) for word in words}

    def version_tag(self) -> str:
        """Return the ETag of the progress's version, as the last read of it found it (each
        write gives the store's next version: a client's tag changes whenever its progress does)."""
        version = self.progress().version
        return caching.etag(*vars(self.key).values(), self._who().room or "", str(version))


def add_game_routes(app: FastAPI, puzzles: Puzzles, version: str) -> None:
    """Register every operation of every game the server offers."""
    for game in GAMES:
        api = hooks_of(game).api()
        for operation in api.operations if api else ():
            add_operation(app, game, api, operation, puzzles, version)  # type: ignore[arg-type]


def add_operation(
    app: FastAPI, game: Game, api: GameApi, operation: Operation, puzzles: Puzzles, version: str
) -> None:
    """Register one operation of a game."""

    async def endpoint(
        request: Request,
        puzzle_id: str,
        body: Any = None,
        query: Any = None,
        room: str | None = None,
    ) -> Response:
        # who asks, read from the request itself (not a FastAPI dependency: solving one costs a
        # tenth of a guess's time in the server); before the puzzle, so 401 comes before 404
        who = None if operation.access == "public" else authorize(request, room)
        if who is not None and operation.access == "write":
            spend_a_write(request, who)
        # a puzzle not read yet may take seconds (a generated one): read in a thread, away from
        # the event loop and the store's threads, which then do the work (one transaction)
        puzzle = puzzles.kept(game, puzzle_id) or await run_in_threadpool(
            puzzles.puzzle, game, api, puzzle_id, lambda: spend(request, "generated")
        )

        def work() -> tuple[dict, str | None]:
            if who is not None:  # the request's reads and writes: one transaction
                with who.progress.unit(write=operation.access == "write"):
                    call = GameCall(puzzles, puzzle, body, query, api, who)
                    answer = operation.run(call)
                    return answer, call.version_tag() if operation.versioned else None
            answer = operation.run(GameCall(puzzles, puzzle, body, query, api, None))
            path = f"{request.url.path}?{request.url.query}"
            return answer, caching.etag(version, puzzles.identity(), path, api.key(puzzle).letters)

        answer, tag = await in_store(request, work)
        if who is None:
            today = caching.TODAY if puzzle_id == "today" else caching.PUBLIC
            return caching.public(request, answer, tag, today)  # type: ignore[arg-type]
        fresh = tag is not None and caching.is_fresh(request, tag)
        response = (
            caching.private(answer)
            if tag is None
            else caching.private_version(None if fresh else answer, tag)
        )
        who.remember(request, response)
        return response

    endpoint.__signature__ = signature(operation)  # type: ignore[attr-defined]
    app.add_api_route(
        f"/api/{game.name}/{{puzzle_id}}{operation.path}",
        endpoint,
        methods=[operation.method],
        summary=operation.summary,
        response_model=operation.answer,
        responses=statuses(operation),
        tags=[game.title],
        operation_id=f"{operation.method.lower()}_{game.slug}{operation.path.replace('/', '_')}",
        openapi_extra=None if operation.access == "public" else OPTIONAL_PLAYER,
    )


def spend(request: Request, kind: str) -> None:
    """Take one of the asking address's tokens of a kind (`limits.py`); RateLimited when none is
    left."""
    limits: RateLimits = request.app.state.rate_limits
    limits.spend(kind, address_of(request.client.host if request.client else None))


def spend_a_write(request: Request, who: Caller) -> None:
    """Take one of the writer's tokens: a player's own, else (no player) the address's, of new
    players when the write makes one."""
    if who.token is not None:
        request.app.state.rate_limits.spend("writes", who.token)
    else:
        spend(request, "new_players")


def signature(operation: Operation) -> inspect.Signature:
    """Return the parameters FastAPI reads an operation's request into."""

    def parameter(name: str, annotation: object, **default: object) -> inspect.Parameter:
        keyword = inspect.Parameter.KEYWORD_ONLY
        return inspect.Parameter(name, keyword, annotation=annotation, **default)  # type: ignore[arg-type]

    parameters = [parameter("request", Request), parameter("puzzle_id", PuzzleId)]
    if body_of(operation) is not None:
        parameters.append(parameter("body", body_of(operation)))
    if operation.query is not None:
        parameters.append(parameter("query", Annotated[operation.query, Query()]))
    if operation.access != "public":
        parameters.append(parameter("room", RoomQuery, default=None))
    return inspect.Signature(parameters, return_annotation=Response)


def refused_writes(method: str) -> dict[int | str, dict[str, Any]]:
    """Return the statuses a write is refused with before any route sees it (`forgery.py`)."""
    refused: dict[int | str, dict[str, Any]] = {}
    if method in UNSAFE:
        refused[403] = {"model": ErrorBody, "description": "a write another site's page may have "
                        "forged: the player's cookie (or no credential) with neither "
                        "`Sec-Fetch-Site: same-origin` nor the server's own Origin"}  # fmt: skip
    if method == "POST":
        refused[400] = {"model": ErrorBody, "description": "no JSON body, or malformed JSON"}
        refused[413] = {"model": ErrorBody, "description": "a body over 4096 bytes"}
    return refused


def statuses(operation: Operation) -> dict[int | str, dict[str, Any]]:
    """Return every status an operation answers besides 200, as the OpenAPI document says it."""
    private = operation.access != "public"
    answers = {
        404: "no puzzle has this id" + (", or no room this code" if private else ""),
        503: "no warehouse to play from yet"
        + (", or the progress store cannot be reached" if private else ""),
    }
    if private:
        answers[401] = "a token that is malformed, wrong or forgotten"
    answers[429] = "too many new generated puzzles from this address" + (
        ", or too many writes of this player" if operation.access == "write" else ""
    )
    if body_of(operation) is not None:
        answers[400] = "malformed JSON or a missing field" + (
            f"; {operation.bad_input}" if operation.bad_input else ""
        )
        answers[413] = "a body over 4096 bytes"
    elif operation.bad_input or private:
        answers[400] = operation.bad_input or f"a room's code that is not {ROOM_CODE_RULE}"
    declared: dict[int | str, dict[str, Any]] = {
        status: {"model": ErrorBody, "description": text} for status, text in answers.items()
    }
    declared = refused_writes(operation.method) | declared
    if not private or operation.versioned:
        declared[304] = {"description": "the ETag named in If-None-Match is still current"}
    return declared
