"""Every game's operations (`games/<slug>/api.py`, from its hook `api`) registered the same way
under `/api/<game>/{puzzle_id}`: the puzzle read by its id (once per process), the work done where
the progress store is used (`threads.py`: it may read and write the store), the player and their cookie
(`players.py`), the caching headers (`caching.py`), and every status it can answer in the OpenAPI
document. A new game needs no line here."""

from __future__ import annotations

import inspect
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
from pipeline.serve.players import Caller, RoomQuery, authorize
from pipeline.serve.puzzles import Puzzles
from pipeline.serve.threads import in_store
from pipeline.storage.player_progress import PuzzleKey, PuzzleProgress

PuzzleId = Annotated[
    str,
    Path(
        description=f"`YYYY-MM-DD` (an archived puzzle), `today`, or a generated id `{ID_FORMAT}`",
        examples=["2025-08-01", "today", "g7-easy-3"],
    ),
]
TEAMMATE = "a teammate"  # a room's word whose finder is forgotten or unknown
# The bearer token, or the browser's cookie, or neither (a first visit: reads see an empty game).
OPTIONAL_PLAYER: dict[str, Any] = {"security": [{"bearer": []}, {"cookie": []}, {}]}


class ErrorBody(BaseModel):
    """Every error's body: one sentence, never a traceback."""

    error: str


@dataclass
class GameCall:
    """One request to a game's operation, where the store is used (`games.api.Call`)."""

    puzzles: Puzzles
    puzzle: Any
    body: Any
    query: Any
    api: GameApi
    who: Caller | None  # None for a public operation, which reads no progress

    @property
    def key(self) -> PuzzleKey:
        return self.api.key(self.puzzle)

    def _who(self) -> Caller:
        if self.who is None:
            raise RuntimeError("a public operation asked for a player's progress")
        return self.who

    def progress(self) -> PuzzleProgress:
        who = self._who()
        return who.progress.progress(who.owner(), self.key)

    def add_word(self, word: str, points: int) -> bool:
        who = self._who()
        facts = self.api.facts(self.puzzle)
        owner = who.owner(create=True)
        return who.progress.add_word(owner, self.key, facts, word, points, who.finder())  # type: ignore[arg-type]

    def fill_points(self, points: dict[str, int]) -> None:
        who = self._who()
        who.progress.fill_points(who.owner(create=True), self.key, points)  # type: ignore[arg-type]

    def replace_chain(self, chain: list[str], solved: bool) -> None:
        who = self._who()
        facts = self.api.facts(self.puzzle)
        owner = who.owner(create=True)
        who.progress.replace_chain(owner, self.key, facts, chain, solved, who.finder())  # type: ignore[arg-type]

    def clear(self) -> None:
        who = self._who()
        owner = who.owner()
        if owner is not None:  # nobody yet: nothing to forget
            who.progress.clear(owner, self.key)

    def reveal(self) -> None:
        who = self._who()
        facts = self.api.facts(self.puzzle)
        who.progress.reveal(who.owner(create=True), self.key, facts)  # type: ignore[arg-type]

    def found_by(self, words: list[str]) -> dict[str, str]:
        who = self._who()
        if who.room is None:
            return {}
        finders, me = who.progress.finders(who.owner(), self.key), who.me()
        said = {w: "you" if f.player == me else f.name or TEAMMATE for w, f in finders.items()}
        return {word: said.get(word, TEAMMATE) for word in words}

    def version_tag(self) -> str:
        """Return the ETag of the progress's version (of whoever asks)."""
        who = self._who()
        owner = who.owner()
        return caching.etag(owner or "", str(who.progress.version(owner, self.key)))


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
        # a puzzle not read yet may take seconds (a generated one): read in a thread, away from
        # the event loop and the store's threads, which then do the work (one transaction)
        puzzle = api.kept(puzzles, puzzle_id) or await run_in_threadpool(
            api.read, puzzles, puzzle_id
        )

        def work() -> tuple[dict | None, str | None]:
            if who is not None:  # the request's reads and writes: one transaction
                with who.progress.unit(write=operation.access == "write"):
                    call = GameCall(puzzles, puzzle, body, query, api, who)
                    if not operation.versioned:
                        return operation.run(call), None
                    tag = call.version_tag()  # unchanged: 304, without reading the words
                    return None if caching.is_fresh(request, tag) else operation.run(call), tag
            answer = operation.run(GameCall(puzzles, puzzle, body, query, api, None))
            path = f"{request.url.path}?{request.url.query}"
            return answer, caching.etag(version, puzzles.identity(), path, api.key(puzzle).letters)

        answer, tag = await in_store(request, work)
        if who is None:
            today = caching.TODAY if puzzle_id == "today" else caching.PUBLIC
            return caching.public(request, answer, tag, today)  # type: ignore[arg-type]
        response = caching.private(answer) if tag is None else caching.private_version(answer, tag)
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


def signature(operation: Operation) -> inspect.Signature:
    """Return the parameters FastAPI reads an operation's request into."""

    def parameter(name: str, annotation: object, **default: object) -> inspect.Parameter:
        keyword = inspect.Parameter.KEYWORD_ONLY
        return inspect.Parameter(name, keyword, annotation=annotation, **default)  # type: ignore[arg-type]

    parameters = [parameter("request", Request), parameter("puzzle_id", PuzzleId)]
    if operation.body is not None:
        parameters.append(parameter("body", operation.body))
    if operation.query is not None:
        parameters.append(parameter("query", Annotated[operation.query, Query()]))
    if operation.access != "public":
        parameters.append(parameter("room", RoomQuery, default=None))
    return inspect.Signature(parameters, return_annotation=Response)


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
    if operation.body is not None:
        answers[400] = "malformed JSON or a missing field" + (
            f"; {operation.bad_input}" if operation.bad_input else ""
        )
        answers[413] = "a body over 4096 bytes"
    elif operation.bad_input or private:
        answers[400] = operation.bad_input or "a room's code that is not 4-40 letters and digits"
    declared: dict[int | str, dict[str, Any]] = {
        status: {"model": ErrorBody, "description": text} for status, text in answers.items()
    }
    if not private or operation.versioned:
        declared[304] = {"description": "the ETag named in If-None-Match is still current"}
    return declared
