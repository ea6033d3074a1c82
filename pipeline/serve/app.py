"""The web application of `pipeline serve`: one page and a JSON API over each game's `play.py`, with
players' progress in its own file (`storage/player_progress.py`).

Every error is JSON, `{"error": "..."}`: 400 for malformed JSON or a bad word, 404 for an unknown
puzzle or path, 413 for a body over 4 KB, 503 when there is no warehouse to play from; a fault is
logged with its traceback and answered 500 without one. Each response says how long the server
worked on it (`Server-Timing: app;dur=MILLISECONDS`), which `pipeline bench serve` reads.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pipeline.errors import UserError
from pipeline.games import GAMES
from pipeline.games.letter_boxed import play as box_play
from pipeline.games.play import BadGuess, UnknownPuzzle, plain_word
from pipeline.games.spelling_bee import play as bee_play
from pipeline.stages.play import Puzzles
from pipeline.storage.player_progress import Progress

if TYPE_CHECKING:
    from pipeline.storage.download import Downloader

MAX_BODY_BYTES = 4096
PAGE = "page.html"
log = logging.getLogger("pipeline.serve")


class GuessBody(BaseModel):
    """A Spelling Bee guess."""

    word: str = Field(examples=["climbed"])


class ChainBody(BaseModel):
    """A Letter Boxed chain of words, in the order played."""

    words: list[str] = Field(examples=[["blacksmith", "hijack"]])


def error(status: int, message: str) -> JSONResponse:
    """Return the JSON error every failure is answered with."""
    return JSONResponse({"error": message}, status_code=status)


class BodyLimitAndTiming:
    """ASGI middleware: refuse a body over MAX_BODY_BYTES with 413 (by its Content-Length, or
    while it arrives), and add the server's time on each response as a Server-Timing header."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        declared = dict(scope.get("headers") or []).get(b"content-length", b"0")
        if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
            await too_large(scope, receive, send)
            return
        received = 0

        async def counted_receive() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > MAX_BODY_BYTES:
                raise BodyTooLarge
            return message

        async def timed_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                took = (time.perf_counter() - started) * 1000
                headers = list(message.get("headers", []))
                headers.append((b"server-timing", f"app;dur={took:.3f}".encode()))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, counted_receive, timed_send)
        except BodyTooLarge:
            await too_large(scope, receive, send)


class BodyTooLarge(Exception):
    """A request body grew past MAX_BODY_BYTES."""


async def too_large(scope: Scope, receive: Receive, send: Send) -> None:
    """Answer 413 with the JSON error."""
    response = error(413, f"the request body is over {MAX_BODY_BYTES} bytes")
    await response(scope, receive, send)


def create_app(
    warehouse_path: Path, progress_path: Path, downloader: Callable[[], Downloader]
) -> FastAPI:
    """Return the application: the page, the API and its error handlers; `downloader` makes the
    downloader today's live puzzle is fetched with (when it is first asked for)."""
    puzzles = Puzzles(warehouse_path, downloader)
    progress = Progress(progress_path)

    async def bee_puzzle(puzzle_id: str) -> bee_play.BeePuzzle:
        """Return a Spelling Bee puzzle: at once when it was read before, else read aside (the
        other requests go on meanwhile)."""
        kept = bee_play.kept(puzzles, puzzle_id)
        return kept if kept else await run_in_threadpool(bee_play.puzzle, puzzles, puzzle_id)

    async def box_puzzle(puzzle_id: str) -> box_play.BoxPuzzle:
        """Return a Letter Boxed board, as bee_puzzle does."""
        kept = box_play.kept(puzzles, puzzle_id)
        return kept if kept else await run_in_threadpool(box_play.puzzle, puzzles, puzzle_id)

    app = FastAPI(
        title="NYT word games: play Spelling Bee and Letter Boxed",
        description="Archived, today's and generated puzzles, judged by the NYT's official "
        "answers (archived and today's) or the custom list (generated). Answers are sent only "
        "for words a player found, or on a reveal.",
        version="1",
    )
    add_error_handlers(app)
    app.add_middleware(BodyLimitAndTiming)
    page = resources.files("pipeline.serve").joinpath(PAGE).read_text(encoding="utf-8")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def the_page() -> str:
        return page

    @app.get("/api/health", summary="Whether the server answers")
    async def health() -> dict:
        return {"status": "ok"}

    @app.get("/api/puzzles", summary="The archives' dates and the difficulties to generate")
    async def archives() -> dict:
        ranges = {game.name: await run_in_threadpool(puzzles.archive_range, game) for game in GAMES}
        return {
            "games": ranges,
            "difficulties": ["any", "easy", "medium", "hard"],
        }

    # -- Spelling Bee

    @app.get("/api/spelling-bee/{puzzle_id}", summary="A Spelling Bee puzzle: counts, no answers")
    async def bee(puzzle_id: str) -> dict:
        puzzle = await bee_puzzle(puzzle_id)
        return bee_play.state(puzzle, progress.words(puzzle.key))

    @app.post("/api/spelling-bee/{puzzle_id}/guess", summary="Judge one guess")
    async def guess(puzzle_id: str, body: GuessBody) -> dict:
        puzzle = await bee_puzzle(puzzle_id)
        judged = bee_play.judge_guess(puzzle, plain_word(body.word))
        found = progress.words(puzzle.key)
        verdict = judged.verdict
        if verdict == "accepted" and judged.word in found:
            verdict = "already-found"
        elif verdict == "accepted":
            progress.add(puzzle.key, judged.word)
            found.append(judged.word)
        score = bee_play.score_of(puzzle, found)
        return {
            "word": judged.word,
            "verdict": verdict,
            "points": judged.points if verdict == "accepted" else 0,
            "pangram": judged.pangram,
            "score": score,
            "rank": bee_play.rank_of(puzzle, score),
        }

    @app.get("/api/spelling-bee/{puzzle_id}/hints", summary="Hints for the words not yet found")
    async def hints(
        puzzle_id: str,
        found: str = Query("", description="Words found, comma-separated (besides those kept)"),
    ) -> dict:
        puzzle = await bee_puzzle(puzzle_id)
        given = [plain_word(word) for word in found.split(",") if word.strip()]
        return bee_play.hints(puzzle, [*given, *progress.words(puzzle.key)])

    @app.get("/api/spelling-bee/{puzzle_id}/answers", summary="Reveal every answer")
    async def reveal_answers(puzzle_id: str) -> dict:
        return bee_play.answers(await bee_puzzle(puzzle_id))

    @app.delete("/api/spelling-bee/{puzzle_id}/progress", summary="Start a puzzle again")
    async def restart_bee(puzzle_id: str) -> dict:
        puzzle = await bee_puzzle(puzzle_id)
        progress.clear(puzzle.key)
        return bee_play.state(puzzle, [])

    # -- Letter Boxed

    @app.get("/api/letter-boxed/{puzzle_id}", summary="A Letter Boxed board and the chain so far")
    async def box(puzzle_id: str) -> dict:
        puzzle = await box_puzzle(puzzle_id)
        return box_play.state(puzzle, progress.words(puzzle.key))

    @app.post("/api/letter-boxed/{puzzle_id}/check", summary="Check a chain (kept when valid)")
    async def check(puzzle_id: str, body: ChainBody) -> dict:
        puzzle = await box_puzzle(puzzle_id)
        checked = box_play.check_chain(puzzle, body.words)
        if checked["valid"]:
            progress.replace(puzzle.key, checked["words"])
        return checked

    @app.get("/api/letter-boxed/{puzzle_id}/solution", summary="Reveal a best solution")
    async def reveal_solution(puzzle_id: str) -> dict:
        puzzle = await box_puzzle(puzzle_id)
        solution = await run_in_threadpool(box_play.solution, puzzles, puzzle)
        return {"solution": list(solution), "par": puzzle.par}

    @app.delete("/api/letter-boxed/{puzzle_id}/progress", summary="Start a board again")
    async def restart_box(puzzle_id: str) -> dict:
        puzzle = await box_puzzle(puzzle_id)
        progress.clear(puzzle.key)
        return box_play.state(puzzle, [])

    return app


def add_error_handlers(app: FastAPI) -> None:
    """Answer every failure with one JSON error and the right status, never a traceback."""

    @app.exception_handler(RequestValidationError)
    async def malformed(_: Request, exc: RequestValidationError) -> JSONResponse:
        return error(400, validation_message(exc.errors()))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return error(exc.status_code, str(exc.detail).lower())

    @app.exception_handler(UnknownPuzzle)
    async def unknown(_: Request, exc: UnknownPuzzle) -> JSONResponse:
        return error(404, str(exc))

    @app.exception_handler(BadGuess)
    async def bad_guess(_: Request, exc: BadGuess) -> JSONResponse:
        return error(400, str(exc))

    @app.exception_handler(UserError)
    async def unavailable(_: Request, exc: UserError) -> JSONResponse:
        return error(503, str(exc))

    @app.exception_handler(Exception)
    async def fault(request: Request, exc: Exception) -> JSONResponse:
        log.exception("fault answering %s %s", request.method, request.url.path)
        return error(500, f"internal error ({type(exc).__name__}); the server log has the details")


def validation_message(errors: Any) -> str:
    """Return one sentence for FastAPI's validation errors (malformed JSON, a missing field)."""
    first = list(errors)[0] if errors else {}
    if first.get("type") == "json_invalid":
        return "the body is not valid JSON"
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    return f"{where or 'the body'}: {str(first.get('msg', 'is not valid')).lower()}"
