"""`pipeline serve`: the page to play on, and `pipeline bench serve`, its figures."""

import os
import re
import socket
import sys
import threading
import webbrowser
from typing import Annotated

import typer

from pipeline import config
from pipeline.cli.app import app, bench_app
from pipeline.cli.options import SOLVING, AsJson, Offline, emit, is_offline, user_errors
from pipeline.errors import UserError
from pipeline.render.text import plural

LOOPBACK = ("127.0.0.1", "localhost", "::1")
Host = Annotated[str, typer.Option(help="The address to listen on (127.0.0.1: this machine only).")]
Port = Annotated[int, typer.Option(help="The port to listen on.")]


def check_port(host: str, port: int) -> None:
    """Raise a UserError unless the server can listen on host:port."""
    if not 0 < port < 65536:
        raise UserError(f"--port {port} is not a port (1 to 65535)")
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            raise UserError(f"cannot listen on {host}:{port}: {error.strerror}") from None


Workers = Annotated[
    int,
    typer.Option(
        help="Server processes answering on the one port (stateless: each keeps only a cache of "
        "the warehouse's puzzles; a dead one is replaced).",
    ),
]
CorsOrigin = Annotated[
    list[str] | None,
    typer.Option(
        "--cors-origin",
        help="Another site whose pages may call the API, as `https://host[:port]` (repeat for "
        "more; `*` lets any site).",
    ),
]
ORIGIN = re.compile(r"https?://[A-Za-z0-9.-]+(:\d{1,5})?")
MAX_WORKERS = 64


def check_origins(origins: list[str]) -> tuple[str, ...]:
    """Return the CORS origins given, each checked (a UserError names a malformed one)."""
    for origin in origins:
        if origin != "*" and not ORIGIN.fullmatch(origin):
            raise UserError(
                f"--cors-origin {origin!r} is not an origin: `https://host[:port]`, or `*`"
            )
    return tuple(origins)


SHUTDOWN_SECONDS = 3


@app.command(rich_help_panel=SOLVING)
@user_errors
def serve(
    host: Host = "127.0.0.1",
    port: Port = 8000,
    workers: Workers = 1,
    cors_origin: CorsOrigin = None,
    open_page: Annotated[
        bool, typer.Option("--open", help="Open the page in the browser once the server is up.")
    ] = False,
    offline: Offline = False,
) -> None:
    """Play archived, today's and generated puzzles in the browser: the page and its JSON API (documented at /docs), for many players. Progress is kept in progress.sqlite beside the warehouse, or in PostgreSQL (PIPELINE_PROGRESS=postgresql://...). Ctrl-C stops it.

    Example: pipeline serve --port 8000 --workers 2 --open
    """
    import uvicorn

    from pipeline.serve.settings import Settings
    from pipeline.storage.player_progress import Progress, redacted

    if not 1 <= workers <= MAX_WORKERS:
        raise UserError(f"--workers {workers} is not 1 to {MAX_WORKERS}")
    origins = check_origins(cors_origin or [])
    check_port(host, port)
    if host not in LOOPBACK:
        print(
            f"warning: listening on {host}: other machines can reach the page and the API",
            file=sys.stderr,
        )
    if "*" in origins:
        print("warning: --cors-origin '*': a page of any site may call the API", file=sys.stderr)
    settings = Settings(
        config.warehouse_path(), config.progress_store(), is_offline(offline), origins, True
    )
    Progress(settings.progress).close()  # unreachable: one error line now; older: upgraded once
    os.environ.update(settings.environment())  # what each worker process reads its settings from
    url = f"http://{host}:{port}/"
    where = redacted(str(settings.progress))
    print(
        f"serving {url} (the API's documentation: {url}docs; progress in {where}; "
        f"{plural(workers, 'worker')}); Ctrl-C stops it",
        flush=True,
    )
    if open_page:
        threading.Timer(1.0, webbrowser.open, [url]).start()
    uvicorn.run(
        "pipeline.serve.app:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        loop="uvloop",  # uvicorn's fast parts (declared in pyproject.toml)
        http="httptools",
        log_level="info",
        access_log=False,  # the application writes its own (serve/access_log.py)
        # a room's live feeds stay open: Ctrl-C waits this long for them, then closes them
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
    )


@bench_app.command("serve")
@user_errors
def bench_serve(
    players: Annotated[
        int, typer.Option(help="Players, each playing 20 guesses (200 in flight at once).")
    ] = 1000,
    workers: Annotated[
        int, typer.Option(help="The workers of the second run (the first has one).")
    ] = 2,
    store: Annotated[
        str | None,
        typer.Option(
            help="The progress store to play on: a PostgreSQL URL (postgresql://...); by "
            "default a new SQLite file. The bench forgets its players at the end."
        ),
    ] = None,
    as_json: AsJson = False,
) -> None:
    """Time the server under many players with one worker and with --workers (failures, cross-talk, lost words, guesses a second, p50/p99, start-up), each beside its target.

    Example: pipeline bench serve --players 1000 --workers 2 --store postgresql://localhost/play
    """
    from pipeline.bench.figures import figures_record, format_figures
    from pipeline.bench.serve import bench_serve as run_bench

    if players < 1:
        raise UserError("--players must be at least 1")
    if not 1 <= workers <= MAX_WORKERS:
        raise UserError(f"--workers {workers} is not 1 to {MAX_WORKERS}")
    if store is not None and not store.startswith(("postgresql://", "postgres://")):
        raise UserError(f"--store {store!r} is not a PostgreSQL URL (postgresql://...)")
    emit(as_json, figures_record, format_figures, run_bench(players, workers, store))
