"""The web application of `pipeline serve`: one page and a JSON API over each game's operations
(`games/<slug>/api.py`, registered by `routes.py`), with players (`players.py`) and their
progress in the store (`storage/player_progress.py`). A process keeps nothing a request needs
besides a cache of the read-only warehouse's puzzles, so any number of processes on any number of
machines serve the same players from one store.

Every error is JSON, `{"error": "..."}`: 400 for malformed JSON, a write without a JSON body, a bad
word or a bad room code, 401 for a token the store does not know, 403 for a write another site's
page may have forged (`forgery.py`), 404 for an unknown puzzle, room or path (a path is never
redirected: no address is built from the Host header), 405 (with `Allow`) for a method a path does
not take, 413 for a body over 4 KB, 503 when there is no warehouse to play from or the progress
store cannot be reached; a fault is logged with its traceback and answered 500 without one. Every answer carries the headers of `headers.py` (a
Content-Security-Policy and its kin). Each response says how long the server worked on it
(`Server-Timing: app;dur=MILLISECONDS`), which `pipeline bench serve` reads; `HEAD` is answered
wherever `GET` is.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Callable
from importlib import resources
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import Depends, FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.openapi.utils import get_openapi
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from pipeline.errors import UserError
from pipeline.games import GAMES
from pipeline.games.generated import GENERATED_ID
from pipeline.games.hooks import hooks_of
from pipeline.games.play import MAX_GENERATED_PLACE, BadGuess, UnknownPuzzle
from pipeline.model.difficulty import Difficulty
from pipeline.serve import caching, docs, expiry
from pipeline.serve.access_log import AccessLog
from pipeline.serve.headers import content_security_policy, security_headers
from pipeline.serve.limits import RateLimited, RateLimits
from pipeline.serve.middleware import EveryRequest
from pipeline.serve.players import (
    COOKIE,
    HOST_COOKIE,
    ROOM_CODE_RULE,
    Caller,
    Unauthorized,
    caller,
    clear_cookie,
    player_cookie,
    set_cookie,
)
from pipeline.serve.puzzles import Puzzles
from pipeline.serve.rooms import add_room_routes
from pipeline.serve.routes import (
    OPTIONAL_PLAYER,
    EmptyBody,
    ErrorBody,
    add_game_routes,
    refused_writes,
    spend,
)
from pipeline.serve.settings import Settings
from pipeline.serve.threads import add_store_threads, in_store
from pipeline.storage.player_progress import PLAYER, ROOM, Progress, StoreUnavailable

if TYPE_CHECKING:
    from pipeline.storage.download import Downloader

PAGE = "page.html"
# The page's icon (a honeycomb cell), at /favicon.svg and where browsers look unasked
ICON = (
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><polygon fill="#f7da21" '
    b'stroke="#1a1a1a" stroke-width="2" points="30,16 23,28.1 9,28.1 2,16 9,3.9 23,3.9"/></svg>'
)
log = logging.getLogger("pipeline.serve")


class PlayerAnswer(BaseModel):
    """A new player's token: send it as `Authorization: Bearer TOKEN`."""

    token: str = Field(description="256 random bits; the server keeps only its hash")


class RoomAnswer(BaseModel):
    """A new room's code: `?room=CODE` on a puzzle's progress routes plays the room's game."""

    room: str


class ForgottenAnswer(BaseModel):
    """The player and everything they did is forgotten."""

    forgotten: bool


def create_app(settings: Settings, downloader: Callable[[], Downloader] | None = None) -> FastAPI:
    """Return the application: the page, the API and its error handlers; `downloader` makes the
    downloader today's live puzzle is fetched with (when it is first asked for)."""
    from pipeline import __version__

    limits = settings.limits
    puzzles = Puzzles(
        settings.warehouse, downloader or settings.downloader, limits.cache_entries, limits.cache_mb
    )
    app = FastAPI(
        title="NYT word games: play " + " and ".join(g.title for g in GAMES if hooks_of(g).api()),
        description="Archived, today's and generated puzzles, judged by the NYT's official "
        "answers (archived and today's) or the custom list (generated). Answers are sent only "
        "for words a player found, or on a reveal. A player is a bearer token (`POST "
        "/api/players`) or the page's cookie; `?room=CODE` plays a shared game.",
        version=__version__,
        docs_url=None,
        redoc_url=None,
        openapi_url=None,  # served by add_openapi_route, with its ETag
        redirect_slashes=False,  # its redirect is built from the Host header: 404 instead
        # no OpenTelemetry: FastAPI's look for a configured one reads the environment three
        # times at every request
        telemetry={"tracing": False, "metrics": False, "logs": False},
    )
    app.state.puzzles, app.state.rate_limits = puzzles, RateLimits(limits)
    # a worker starts without its store (down, or unreachable): 503 where it is needed until
    # it is back, never a worker that cannot start
    app.state.progress = Progress(settings.progress, when_reachable=True)
    app.state.claimable = still_claimable(app.state.progress)
    app.state.latest_day = lambda: puzzles.latest_day(settings.offline)
    add_store_threads(app, app.state.progress.threads)
    expiry.add_purges(app, app.state.progress, limits)
    add_error_handlers(app)
    add_game_routes(app, puzzles, __version__)  # first: a request tries the routes in order
    page, docs_page = the_page(), docs.swagger_page(app.title)
    add_general_routes(app, puzzles, __version__, page)
    add_icon_routes(app, __version__)
    add_player_routes(app)
    add_room_routes(app, puzzles, settings.max_connections)
    docs.add_docs_routes(app, __version__, docs_page)
    app.openapi = lambda: openapi_document(app)  # type: ignore[method-assign]
    add_openapi_route(app, __version__)
    if settings.cors_origins:
        app.add_middleware(
            JsonCors,
            allow_origins=list(settings.cors_origins),
            allow_methods=["GET", "HEAD", "POST", "DELETE"],
            allow_headers=["Authorization", "Content-Type", "If-None-Match"],
            expose_headers=["ETag", "Server-Timing"],
            max_age=600,
        )
    access_log = AccessLog(sys.stdout) if settings.access_log else None
    app.add_middleware(
        EveryRequest,
        headers=security_headers(content_security_policy(page, docs_page)),
        origins=frozenset(settings.cors_origins),
        access_log=access_log,
    )
    if access_log is not None:
        app.router.on_shutdown.append(access_log.flush)
    app.router.on_shutdown.append(app.state.progress.close)
    app.router.on_shutdown.append(puzzles.close)
    return app


def app_from_environment() -> FastAPI:
    """Return the application as the settings in the environment say (each worker process of
    `pipeline serve --workers N` makes its own)."""
    return create_app(Settings.from_environment())


def the_page() -> str:
    """Return the page's HTML, as served."""
    return resources.files("pipeline.serve").joinpath(PAGE).read_text(encoding="utf-8")


class JsonCors(CORSMiddleware):
    """Starlette's CORS middleware, with a refused preflight answered as every error is (JSON,
    not stored) rather than as plain text."""

    def preflight_response(self, request_headers: Any) -> Response:
        answer = super().preflight_response(request_headers)
        if answer.status_code != 400:
            return answer
        refused = bytes(answer.body).decode()  # "Disallowed CORS origin, method"
        refused = refused[:1].lower() + refused[1:]
        headers = {"Vary": "Origin", "Cache-Control": caching.ERROR}
        return JSONResponse({"error": f"a refused CORS preflight: {refused}"}, 400, headers)


def add_openapi_route(app: FastAPI, version: str) -> None:
    """The OpenAPI document at `/openapi.json`, with its ETag (304 while it is the same)."""
    tag = caching.etag(version, "openapi")  # the document changes only with the code

    @app.get("/openapi.json", include_in_schema=False)
    async def openapi(request: Request) -> Response:
        return caching.public(request, app.openapi(), tag, caching.PAGE)


def add_general_routes(app: FastAPI, puzzles: Puzzles, version: str, page: str) -> None:
    """The page, the health check and the list of puzzles."""
    page_tag = caching.etag(version, page)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def the_page(request: Request) -> Response:
        headers = {"ETag": page_tag, "Cache-Control": caching.PAGE}
        fresh = caching.is_fresh(request, page_tag)
        response = (
            Response(status_code=304, headers=headers)
            if fresh
            else HTMLResponse(page, headers=headers)
        )
        if app.state.claimable and player_cookie(request) is None:
            with contextlib.suppress(StoreUnavailable):  # the page, even without its store
                await claim_progress_from_before_players(app, request, response)
        return response

    @app.get("/api/health", summary="Whether the server answers")
    async def health() -> JSONResponse:
        return JSONResponse({"status": "ok"}, headers={"Cache-Control": caching.ERROR})

    @app.get(
        "/api/puzzles",
        summary="Each game's archived dates (runs and gaps), and how generated ids are made",
        responses={
            304: {"description": "the ETag named in If-None-Match is still current"},
            503: {"model": ErrorBody, "description": "no warehouse to play from yet"},
        },
    )
    async def archives(request: Request) -> Response:
        def work() -> tuple[dict, str]:
            games = {game.name: puzzles.archive(game) for game in GAMES if hooks_of(game).api()}
            return games, caching.etag(version, puzzles.identity(), "/api/puzzles")

        games, tag = await run_in_threadpool(work)
        return caching.public(request, {"games": games, "ids": ID_FORMS}, tag)


def add_icon_routes(app: FastAPI, version: str) -> None:
    """The page's icon, at the address the page names and where browsers look unasked."""
    icon_tag = caching.etag(version, "icon")

    @app.get("/favicon.svg", include_in_schema=False)
    @app.get("/favicon.ico", include_in_schema=False)
    async def the_icon(request: Request) -> Response:
        headers = {"ETag": icon_tag, "Cache-Control": caching.PUBLIC}
        if caching.is_fresh(request, icon_tag):
            return Response(status_code=304, headers=headers)
        return Response(ICON, media_type="image/svg+xml", headers=headers)


ID_FORMS = {
    "date": "YYYY-MM-DD: the NYT's puzzle of that date, when archived (the games' `ranges`)",
    "today": "today: the NYT's puzzle of the day (live when online, else the latest archived)",
    "generated": "g<seed>-<difficulty>[-nyt][-since<YYYY-MM-DD>]-<n>: the n-th puzzle `pipeline "
    "generate GAME --seed SEED --difficulty DIFFICULTY [--allow-nyt] [--since DATE]` draws",
    "generated_pattern": GENERATED_ID.pattern,
    "difficulties": [difficulty.value for difficulty in Difficulty],
    "places": [1, MAX_GENERATED_PLACE],
}


def still_claimable(progress: Progress) -> bool:
    """Return whether progress from before players may wait to be claimed (unknown while the
    store cannot be reached: the first page then asks)."""
    try:
        return progress.has_unclaimed()
    except StoreUnavailable:
        return True


async def claim_progress_from_before_players(
    app: FastAPI, request: Request, response: Response
) -> None:
    """Give the first browser without a player the progress of a store from before players."""
    token = await in_store(request, app.state.progress.claim_unclaimed)
    app.state.claimable = False
    if token is not None:
        set_cookie(request, response, token)
        response.headers["Cache-Control"] = caching.PRIVATE


PlayerCaller = Annotated[Caller, Depends(caller)]
PLAYER_ONLY: dict[str, Any] = {"security": [{"bearer": []}, {"cookie": []}]}


def add_player_routes(app: FastAPI) -> None:
    """Players (made, forgotten, their statistics) and rooms."""
    progress: Progress = app.state.progress
    unknown: dict[int | str, dict[str, Any]] = {
        401: {"model": ErrorBody, "description": "a token that is malformed, wrong or forgotten"}
    }
    down: dict[int | str, dict[str, Any]] = {
        503: {"model": ErrorBody, "description": "the progress store cannot be reached"}
    }

    new: dict[int | str, dict[str, Any]] = down | {
        429: {"model": ErrorBody, "description": "too many new players and rooms from this address"}
    }

    @app.post(
        "/api/players",
        status_code=201,
        summary="A new player: its token",
        responses=new | refused_writes("POST"),
    )
    async def new_player(request: Request, body: EmptyBody) -> JSONResponse:
        spend(request, "new_players")
        token, _ = await in_store(request, lambda: progress.new_owner(PLAYER))
        return caching.private({"token": token}, 201)

    @app.delete(
        "/api/players/me",
        summary="Forget the player and everything they did",
        response_model=ForgottenAnswer,
        responses=unknown | down | refused_writes("DELETE"),
        openapi_extra=PLAYER_ONLY,
    )
    async def forget_player(request: Request, who: PlayerCaller) -> JSONResponse:
        await in_store(request, lambda: who.known(lambda: progress.forget(who.player())))
        response = caching.private({"forgotten": True})
        clear_cookie(request, response)
        return response

    @app.get(
        "/api/players/me/stats",
        summary="The player's statistics per game (zeros before any play)",
        response_model=dict[str, dict[str, int]],
        responses=unknown | down,
        openapi_extra=OPTIONAL_PLAYER,
    )
    async def statistics(request: Request, who: PlayerCaller) -> JSONResponse:
        latest = await run_in_threadpool(app.state.latest_day)  # the warehouse's, read once
        found = await in_store(
            request, lambda: who.read(lambda named: progress.statistics(named, latest))
        )
        return caching.private(statistics_by_game(found))

    @app.post(
        "/api/rooms",
        status_code=201,
        summary="A new room: its code",
        responses=new | refused_writes("POST"),
    )
    async def new_room(request: Request, body: EmptyBody) -> JSONResponse:
        spend(request, "new_players")
        code, _ = await in_store(request, lambda: progress.new_owner(ROOM))
        return caching.private({"room": code}, 201)


def statistics_by_game(found: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """Return each game's statistics as the game shows them (zeros where it was never played)."""
    shown = {}
    for game in GAMES:
        api = hooks_of(game).api()
        if api is not None:
            played = found.get(game.name, {})
            shown[game.name] = {name: played.get(name, 0) for name in api.statistics}
    return shown


def add_error_handlers(app: FastAPI) -> None:
    """Answer every failure with one JSON error and the right status, never a traceback."""

    @app.exception_handler(RequestValidationError)
    async def malformed(_: Request, exc: RequestValidationError) -> JSONResponse:
        return error(400, validation_message(exc.errors()))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            headers["Allow"] = ", ".join(allowed_methods(app, request))
        return error(exc.status_code, str(exc.detail).lower(), headers)

    @app.exception_handler(UnknownPuzzle)
    async def unknown(_: Request, exc: UnknownPuzzle) -> JSONResponse:
        return error(404, str(exc))

    @app.exception_handler(BadGuess)
    async def bad_guess(_: Request, exc: BadGuess) -> JSONResponse:
        return error(400, str(exc))

    @app.exception_handler(Unauthorized)
    async def unauthorized(request: Request, exc: Unauthorized) -> JSONResponse:
        response = error(401, str(exc), {"WWW-Authenticate": "Bearer"})
        if exc.from_cookie:
            clear_cookie(request, response)
        return response

    @app.exception_handler(RateLimited)
    async def too_many(_: Request, exc: RateLimited) -> JSONResponse:
        return error(429, str(exc), {"Retry-After": str(exc.retry_after)})

    @app.exception_handler(UserError)
    async def unavailable(_: Request, exc: UserError) -> JSONResponse:
        return error(503, str(exc))

    @app.exception_handler(Exception)
    async def fault(request: Request, exc: Exception) -> JSONResponse:
        log.exception("fault answering %s %s", request.method, request.url.path)
        return error(500, f"internal error ({type(exc).__name__}); the server log has the details")


def error(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    """Return the JSON error every failure is answered with."""
    headers = {**(headers or {}), "Cache-Control": caching.ERROR}
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def allowed_methods(app: FastAPI, request: Request) -> list[str]:
    """Return every method some route takes on the request's path (HEAD wherever GET)."""
    scope = {**request.scope, "method": "GET"}
    methods: set[str] = set()
    for route in app.router.routes:
        match, _ = route.matches(scope)
        if match != Match.NONE:
            methods |= set(getattr(route, "methods", None) or ())
    if "GET" in methods:
        methods.add("HEAD")
    return sorted(methods)


def validation_message(errors: Any) -> str:
    """Return one sentence for FastAPI's validation errors (malformed JSON, a missing field)."""
    first = list(errors)[0] if errors else {}
    if first.get("type") == "json_invalid":
        return "the body is not valid JSON"
    if tuple(first.get("loc", ())) == ("body",) and not isinstance(first.get("input"), dict):
        # no body, or one not sent as JSON (read as JSON only by its Content-Type)
        return "a write takes a JSON body ({} at least), sent with Content-Type: application/json"
    where = ".".join(str(part) for part in first.get("loc", ()) if part not in ("body", "query"))
    if where == "room":
        return f"room: not a room's code ({ROOM_CODE_RULE})"
    message = str(first.get("msg", "is not valid"))
    return f"{where or 'the body'}: {message[:1].lower()}{message[1:]}"


def openapi_document(app: FastAPI) -> dict:
    """Return the OpenAPI document as the server answers: every error as `ErrorBody` with 400 for
    what FastAPI calls 422 (which the server never sends), and the ways to say who plays."""
    if app.openapi_schema is None:
        schema = get_openapi(
            title=app.title,
            version=app.version,
            description=app.description,
            routes=app.routes,
        )
        for path in schema["paths"].values():
            for operation in path.values():
                operation["responses"].pop("422", None)
        components = schema.setdefault("components", {})
        for name in ("HTTPValidationError", "ValidationError"):
            components.get("schemas", {}).pop(name, None)
        components["securitySchemes"] = {
            "bearer": {
                "type": "http",
                "scheme": "bearer",
                "description": "A player's token from `POST /api/players`",
            },
            "cookie": {
                "type": "apiKey",
                "in": "cookie",
                "name": COOKIE,
                "description": "The page's player: an HttpOnly cookie made at its first write "
                f"(`{HOST_COOKIE}` over HTTPS)",
            },
        }
        app.openapi_schema = schema
    return app.openapi_schema
