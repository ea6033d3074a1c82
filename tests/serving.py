"""A server of `pipeline serve`'s application started by the tests: uvicorn on a free port of
127.0.0.1, in a thread, on a warehouse and a progress store of the test's own (a SQLite file or a
PostgreSQL database)."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import requests
import uvicorn

from pipeline.serve.app import create_app
from pipeline.serve.settings import Settings
from pipeline.storage.download import Downloader
from pipeline.storage.player_progress import Progress


@dataclass
class Running:
    """A server started by the tests: its address and how to stop it."""

    url: str
    server: uvicorn.Server
    thread: threading.Thread
    store: str | Path  # where its players' progress is kept
    progress: Progress  # the application's own handle on it

    def get(self, path: str, **kwargs) -> requests.Response:
        return requests.get(self.url + path, timeout=30, **kwargs)

    def post(self, path: str, body: object = None, **kwargs) -> requests.Response:
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

    def post(self, path: str, body: object = None, **kwargs) -> requests.Response:
        return self.session.post(self.running.url + path, json=body, timeout=30, **kwargs)

    def delete(self, path: str, **kwargs) -> requests.Response:
        return self.session.delete(self.running.url + path, timeout=30, **kwargs)


def browser(running: Running) -> Player:
    """Return a new player who plays as a browser does: a cookie, made at the first write."""
    return Player(running, requests.Session())


def api_client(running: Running) -> Player:
    """Return a new player who plays as an API client does: a token from POST /api/players."""
    session = requests.Session()
    token = running.post("/api/players").json()["token"]
    session.headers["Authorization"] = f"Bearer {token}"
    return Player(running, session)


def start_server(
    warehouse: Path, progress: str | Path, cors_origins: tuple[str, ...] = ()
) -> Running:
    """Start the application on a free port of 127.0.0.1 in a thread; return when it listens."""
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    settings = Settings(warehouse, progress, offline=True, cors_origins=cors_origins)
    app = create_app(settings, lambda: Downloader(warehouse.parent / "raw", None, True))
    listening.close()  # uvicorn binds it itself (a socket handed over answered 40 ms late)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120  # a generous bound: a busy machine starts slowly
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    return Running(f"http://127.0.0.1:{port}", server, thread, progress, app.state.progress)


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
