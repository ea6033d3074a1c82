"""A server of `pipeline serve`'s application started by the tests: uvicorn on a free port of
127.0.0.1, in a thread, configured as `pipeline serve` configures it (`serve.server.server_config`:
its limits, its protocol), on a warehouse and a progress store of the test's own (a SQLite file or
a PostgreSQL database). The players write as a browser of the page does (`Sec-Fetch-Site:
same-origin`, a JSON body) unless a test says otherwise."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
import requests
import uvicorn
from fastapi import FastAPI

from pipeline.serve.app import create_app
from pipeline.serve.limits import Limits
from pipeline.serve.server import server_config
from pipeline.serve.settings import Settings
from pipeline.storage.download import Downloader
from pipeline.storage.player_progress import Progress

EMPTY: dict = {}  # the JSON body of a write that needs nothing more
# A test's players all come from 127.0.0.1: no rate limit unless a test sets one
NO_RATES = Limits(new_players_per_minute=0, writes_per_minute=0, generated_per_minute=0)


@dataclass
class Running:
    """A server started by the tests: its address and how to stop it."""

    url: str
    server: uvicorn.Server
    thread: threading.Thread
    store: str | Path  # where its players' progress is kept
    progress: Progress  # the application's own handle on it
    app: FastAPI

    def get(self, path: str, **kwargs) -> requests.Response:
        return requests.get(self.url + path, timeout=30, **kwargs)

    def post(self, path: str, body: object = EMPTY, **kwargs) -> requests.Response:
        return requests.post(self.url + path, json=body, timeout=30, **kwargs)

    def delete(self, path: str, **kwargs) -> requests.Response:
        return requests.delete(self.url + path, timeout=30, **kwargs)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@dataclass
class Player:
    """One player of a running server: a browser's cookie jar, or an API client's bearer token."""

    running: Running
    session: requests.Session

    def get(self, path: str, **kwargs) -> requests.Response:
        return self.session.get(self.running.url + path, timeout=30, **kwargs)

    def post(self, path: str, body: object = EMPTY, **kwargs) -> requests.Response:
        return self.session.post(self.running.url + path, json=body, timeout=30, **kwargs)

    def delete(self, path: str, **kwargs) -> requests.Response:
        return self.session.delete(self.running.url + path, timeout=30, **kwargs)


def browser(running: Running) -> Player:
    """Return a new player who plays as a browser does: a cookie, made at the first write, and
    the page's own origin named on each request (as a browser names it)."""
    session = requests.Session()
    session.headers["Sec-Fetch-Site"] = "same-origin"
    return Player(running, session)


def api_client(running: Running) -> Player:
    """Return a new player who plays as an API client does: a token from POST /api/players."""
    session = requests.Session()
    token = running.post("/api/players").json()["token"]
    session.headers["Authorization"] = f"Bearer {token}"
    return Player(running, session)


def start_server(
    warehouse: Path,
    progress: str | Path,
    cors_origins: tuple[str, ...] = (),
    limits: Limits | None = None,
    **settings: Any,
) -> Running:
    """Start the application on a free port of 127.0.0.1 in a thread, with `settings` (Settings'
    fields) changed from the defaults and no rate limits unless `limits` sets them (a test's
    players all come from 127.0.0.1); return when it listens."""
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    chosen = replace(
        Settings(warehouse, progress, True, cors_origins, limits=limits or NO_RATES), **settings
    )
    app = create_app(chosen, lambda: Downloader(warehouse.parent / "raw", None, True))
    listening.close()  # uvicorn binds it itself (a socket handed over answered 40 ms late)
    config = server_config(chosen, "127.0.0.1", port, app, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120  # a generous bound: a busy machine starts slowly
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    return Running(f"http://127.0.0.1:{port}", server, thread, progress, app.state.progress, app)


@contextlib.contextmanager
def served(
    request: pytest.FixtureRequest, built: Path, folder: Path, cors_origins: tuple[str, ...] = ()
) -> Iterator[Running]:
    """Serve a built warehouse (its lists as the custom folder) on a new progress store of the
    kind the fixture's parameter names (conftest.new_store), and stop it at the end."""
    from tests.conftest import new_store

    store = new_store(request, folder)
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PIPELINE_CUSTOM", str(built.parent / "built_lists"))
        started = start_server(built, store, cors_origins)
        try:
            yield started
        finally:
            started.stop()
