"""The `local_http` fixture: a real scripted HTTP server on 127.0.0.1 for download and scrape tests.

    def test_retry(local_http):
        local_http.script("/a.json", [(500, b"oops"), (200, b"{}")])
        downloader = Downloader(tmp_path, url_rewrite=local_http.rewrite, backoff=0.01)
        downloader.fetch("https://example.org/a.json")   # requests http://127.0.0.1:PORT/a.json

A scripted path answers its replies in order and repeats the last one; other paths answer 404.
A reply is `(status, body)`, `(status, body, headers)` or a `Reply` (delays, truncated bodies).

The session fixture `mirror_warehouse` builds a real warehouse from the mirror once (see below);
`tiny_warehouse` builds one in a second from the hand-written days of tests/tiny_archive.py.
"""

from __future__ import annotations

import contextlib
import datetime
import fcntl
import os
import pickle
import shutil
import socket
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import duckdb
import pytest
from hypothesis import HealthCheck, settings
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.config import mirror_dir
from pipeline.games import GAMES, SPELLING_BEE
from pipeline.games.spelling_bee.answer_sources.bulk_archive import parse_bulk_archive
from pipeline.games.spelling_bee.answer_sources.nytbee import (
    NytbeeLayout,
    parse_nytbee_layout_and_page,
)
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.model.rule import Evidence
from pipeline.sources import answer_source
from pipeline.stages import build, scrape, words
from pipeline.stages.build_evidence import build_evidence
from pipeline.storage import custom_lists, warehouse
from pipeline.storage.download import relative_cache_path
from tests import tiny_archive
from tests.chromium import launched_chromium
from tests.postgres import Cluster, server_binaries, throwaway_cluster

BULK_ARCHIVE_URL = answer_source("bulk_archive").url
NYT_GAMEDATA_URL = answer_source("nyt_gamedata").url
SIMEYDK_URL = answer_source("simeydk").url


# Hypothesis times nothing here: no deadline on an example, and no health check that data were
# slow to generate (on a machine busy with other work, either would fail a test that is right).
settings.register_profile(
    "busy-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("busy-machine")


@dataclass(frozen=True)
class Reply:
    """One scripted response.

    `delay` waits before the status line (a slow server); `truncate_to` sends only that many body
    bytes while Content-Length declares the whole body, then `stall` seconds later closes.
    """

    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    truncate_to: int | None = None
    stall: float = 0.0


@dataclass(frozen=True)
class LoggedRequest:
    """A request the server received: when (time.monotonic()), the method, the path, headers."""

    time: float
    method: str
    path: str
    headers: dict[str, str]


ReplySpec = Reply | tuple[int, bytes] | tuple[int, bytes, dict[str, str]]


def _as_reply(spec: ReplySpec) -> Reply:
    """Return a Reply for a Reply or a `(status, body[, headers])` tuple."""
    return spec if isinstance(spec, Reply) else Reply(*spec)


class LocalHTTP:
    """A scripted HTTP server on 127.0.0.1 with a log of the requests it received."""

    def __init__(self) -> None:
        self._scripts: dict[str, list[Reply]] = {}
        self._served: dict[str, int] = {}
        self._lock = threading.Lock()
        self.requests: list[LoggedRequest] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        # A short poll interval makes shutdown (the fixture teardown) quick.
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    def url(self, path: str) -> str:
        """Return the real URL of `path` on this server."""
        return f"http://127.0.0.1:{self.port}/{path.lstrip('/')}"

    def rewrite(self, url: str) -> str:
        """Map any URL (e.g. https://example.org/x) to the same path on this server."""
        parts = urlsplit(url)
        return self.url(parts.path + (f"?{parts.query}" if parts.query else ""))

    def script(self, path: str, replies: Sequence[ReplySpec]) -> None:
        """Answer requests for `path` with `replies` in order, repeating the last one."""
        key = "/" + path.lstrip("/")
        with self._lock:
            self._scripts[key] = [_as_reply(spec) for spec in replies]
            self._served.pop(key, None)

    def hits(self, path: str) -> int:
        """Return how many requests for `path` the server has received."""
        key = "/" + path.lstrip("/")
        with self._lock:
            return sum(1 for request in self.requests if urlsplit(request.path).path == key)

    def _next_reply(self, method: str, path: str, headers: dict[str, str]) -> Reply:
        """Log a request and return the reply scripted for it (404 when none is)."""
        with self._lock:
            self.requests.append(LoggedRequest(time.monotonic(), method, path, headers))
            key = urlsplit(path).path
            replies = self._scripts.get(key)
            if not replies:
                return Reply(404, b"not found")
            served = self._served.get(key, 0)
            self._served[key] = served + 1
            return replies[min(served, len(replies) - 1)]

    def start(self) -> None:
        """Start serving in a daemon thread."""
        self._thread.start()

    def stop(self) -> None:
        """Stop serving and close the socket."""
        self._server.shutdown()
        self._server.server_close()


def _handler_for(server: LocalHTTP) -> type[BaseHTTPRequestHandler]:
    """Return a request handler class that answers from `server`'s scripts."""

    class ScriptedHandler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            reply = server._next_reply("GET", self.path, dict(self.headers.items()))
            time.sleep(reply.delay)
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self._send(reply)  # the client may have given up already (a timeout test)
            self.close_connection = True

        def _send(self, reply: Reply) -> None:
            self.send_response(reply.status)
            headers = {"Content-Length": str(len(reply.body)), **reply.headers}
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            body = reply.body if reply.truncate_to is None else reply.body[: reply.truncate_to]
            self.wfile.write(body)
            self.wfile.flush()
            if reply.truncate_to is not None:
                time.sleep(reply.stall)
                self.connection.shutdown(socket.SHUT_RDWR)

        def log_message(self, format: str, *args: object) -> None:
            pass  # keep test output quiet

    return ScriptedHandler


@pytest.fixture
def local_http(monkeypatch: pytest.MonkeyPatch) -> Iterator[LocalHTTP]:
    """Yield a running scripted HTTP server on 127.0.0.1 (see LocalHTTP and Reply)."""
    monkeypatch.setenv("NO_PROXY", "127.0.0.1")
    monkeypatch.setenv("no_proxy", "127.0.0.1")
    server = LocalHTTP()
    server.start()
    yield server
    server.stop()


# The modules that hold the longest tests (10-20 s each) start first, each kept whole so that
# its module fixtures are made once: under `pytest -n` the processes then share the short tests
# at the end and finish together, instead of one waiting while the other runs a long test.
LONG_FIRST = (
    "test_stage_kills.py", "test_build.py", "test_letter_boxed_solver.py", "test_words.py",
    "test_sources_nytbee.py", "test_validate_spelling_bee.py", "test_cli_solve_spelling_bee.py",
    "test_serve_faults.py", "test_serve_openapi.py",
)  # fmt: skip


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Start the modules of LONG_FIRST first, in that order; the others follow as collected."""
    rank = {name: place for place, name in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(LONG_FIRST)))


# --- a real warehouse built once per session from the mirror (PIPELINE_MIRROR) ------------------

COMMITTED_EDITS = Path(__file__).parent.parent / "data" / "custom" / "edits.tsv"
MIRROR_UNTIL = "2025-08-09"  # the last day of every puzzle file in the mirror
MIRROR_STAGES = (
    ("words", "--offline"),
    ("scrape", "--offline", "--until", MIRROR_UNTIL),
    ("build",),
)


@dataclass(frozen=True)
class MirrorWarehouse:
    """The folders of a warehouse built from the mirror by the real stages."""

    root: Path
    warehouse: Path
    raw: Path
    custom: Path
    reports: Path

    @property
    def env(self) -> dict[str, str]:
        """Return the environment that points the pipeline at this warehouse and its folders."""
        return {
            "PIPELINE_WAREHOUSE": str(self.warehouse),
            "PIPELINE_RAW": str(self.raw),
            "PIPELINE_CUSTOM": str(self.custom),
            "PIPELINE_REPORTS": str(self.reports),
            "PIPELINE_EDITS": str(COMMITTED_EDITS),  # the project's own hand edits
        }

    def connect(self) -> duckdb.DuckDBPyConnection:
        """Return a read-only connection to the warehouse, with the pipeline's SQL macros."""
        return warehouse.connect(self.warehouse, read_only=True)


def _use_mirror_nltk_data(mirror: Path) -> None:
    """Let nltk find the mirror's corpora when NLTK_DATA is not set (CI sets it)."""
    if os.environ.get("NLTK_DATA", "").strip():
        return
    fallback = mirror.parent / "nltk_data"
    if not fallback.is_dir():
        pytest.skip("NLTK_DATA is not set and the mirror has no nltk_data folder beside http/")
    import nltk

    if str(fallback) not in nltk.data.path:
        nltk.data.path.append(str(fallback))


@pytest.fixture(scope="session")
def mirror_warehouse(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MirrorWarehouse]:
    """Build a warehouse from the mirror once per test run (words, scrape, build: about 30 s).

    Runs the real commands in-process with the warehouse, cache, custom lists and reports in a
    temporary folder; skips when PIPELINE_MIRROR is not set. Tests must treat it as read-only.
    Under `pytest -n` (one process per core) the first process to need it builds it in the
    folder the processes share, holding a lock; the others wait for it and reuse it.
    """
    mirror = mirror_dir()
    if mirror is None:
        pytest.skip("PIPELINE_MIRROR is not set (point it at the mirror's http folder)")
    _use_mirror_nltk_data(mirror)
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # each process's temp folder sits in the run's own
    root = shared / "mirror_warehouse"
    built = MirrorWarehouse(
        root=root,
        warehouse=root / "warehouse.duckdb",
        raw=root / "raw",
        custom=root / "custom",
        reports=root / "reports",
    )
    with (shared / "mirror_warehouse.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the block closes the file
        if not (root / "built").exists():
            root.mkdir(exist_ok=True)
            if _dictionary_is_the_mirror_build():
                _copy_dictionary(built)
            else:
                _build_mirror_warehouse(built)
            (root / "built").touch()
    yield built


PROJECT = Path(__file__).resolve().parent.parent
SOURCE_SUFFIXES = (".py", ".sql", ".toml", ".tsv", ".txt", ".html")
SOURCE_FOLDERS = ("pipeline", "solvers")


def _newest_source() -> float:
    """Return the newest modification time of the code and hand-kept data a build reads."""
    files = [PROJECT / "pyproject.toml", COMMITTED_EDITS]
    files += [
        path
        for folder in SOURCE_FOLDERS
        for path in (PROJECT / folder).rglob("*")
        if path.suffix in SOURCE_SUFFIXES and "__pycache__" not in path.parts
    ]
    return max(path.stat().st_mtime for path in files)


def _dictionary_is_the_mirror_build() -> bool:
    """Return True when `make dictionary` left, in the project's own folders, what the fixture
    would build: a warehouse newer than every source file (make's rule), scraped offline from the
    mirror through its last day, with the custom lists beside it. CI runs `make dictionary` before
    `make test`, so the suite reuses its 70 s of stages instead of repeating them."""
    dictionary = PROJECT / "warehouse.duckdb"
    lists = [PROJECT / "data" / "custom" / name for game in GAMES for name in game.list_files]
    if not dictionary.is_file() or not all(path.is_file() for path in lists):
        return False
    if os.environ.get("PIPELINE_OFFLINE") != "1":
        return False  # an online dictionary holds days the mirror does not
    if min(path.stat().st_mtime for path in [dictionary, *lists]) <= _newest_source():
        return False
    try:
        with warehouse.connect(dictionary, read_only=True) as con:
            last = [
                con.execute(f"SELECT max(date) FROM {game.table('puzzles')}").fetchall()[0][0]
                for game in GAMES
            ]
    except duckdb.Error:
        return False  # an old, damaged or busy warehouse: build a fresh one
    return all(str(day) == MIRROR_UNTIL for day in last)


def _copy_dictionary(built: MirrorWarehouse) -> None:
    """Copy the project's warehouse, download cache and custom lists (the files the stages
    write) into the fixture's folders."""
    shutil.copy2(PROJECT / "warehouse.duckdb", built.warehouse)
    shutil.copytree(PROJECT / "data" / "raw", built.raw)
    built.custom.mkdir()
    for name in custom_lists.every_file():  # copied as they are: the manifest stays true
        if (PROJECT / "data" / "custom" / name).is_file():
            shutil.copy2(PROJECT / "data" / "custom" / name, built.custom / name)
    built.reports.mkdir()


def _build_mirror_warehouse(built: MirrorWarehouse) -> None:
    """Run the mirror stages into a MirrorWarehouse's folders, or fail the test that asked."""
    runner = CliRunner()
    for stage in MIRROR_STAGES:
        result = runner.invoke(app, list(stage), env=built.env)
        if result.exit_code != 0:
            pytest.fail(
                f"`pipeline {' '.join(stage)}` exited {result.exit_code}:\n{result.output}\n"
                f"{result.exception!r}",
                pytrace=False,
            )


# --- a tiny warehouse built by the real stages from hand-written days ---------------------------


@pytest.fixture(scope="session")
def tiny_warehouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build a warehouse from tests/tiny_archive.py through the words, scrape and build stages.

    Words: able bale blab abba alba bales humidor chat the, with sources, Zipf, wordfreq ranks,
    capitalized (abba, alba) and first names (alba); "e-mail" and the capitalized entries dropped.
    Spelling Bee (puzzle letters center first; accepted | not accepted among eligible words):
        2021-06-01 h dimoru  humidor |
        2024-01-10 a belrty  able bale betrayal | abba alba blab
        2024-02-10 e abdlst  able bales blasted ebbe | bale   (nytbee lists bale as not accepted)
        2025-01-10 b aeklnt  able alba blab blanket | abba bale ebbe   (the bulk archive omits
                             alba: one disagreement)
      betrayal, blasted, blanket and ebbe are in no list; one six-letter record is quarantined.
    Letter Boxed: the BLACKSMITH board on 2023-03-01 (blacksmith chip hop talk), 2024-03-01
      (+ chat chop) and 2024-06-11 (blacksmith chip chop hop host ohms talk).
    The build chooses Rule("score_last", 0.3) for Spelling Bee: its validation year holds only
    2024-01-10, whose words are all new (bucket rate 0.5), so every rule predicting them all ties
    and the first of the grid wins. Returns the path; tests must treat the file as read-only.
    """
    root = tmp_path_factory.mktemp("tiny_warehouse")
    path = root / "warehouse.duckdb"
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PIPELINE_CUSTOM", str(root / "custom"))
        seal = partial(custom_lists.seal_manifest, tiny_archive.RUN_ID)
        with warehouse.stage_warehouse(path, on_commit=seal) as con:
            words.load_words(con, tiny_archive.word_collection())
            scrape.load(con, tiny_archive.scrape_run(), tiny_archive.RUN_ID)
            summaries = build.build(con, GAMES, tiny_archive.RUN_ID)
        custom_lists.publish_word_lists(
            {summary.game.name: tiny_archive.RUN_ID for summary in summaries}
        )
    return path


@pytest.fixture
def tiny_copy(tiny_warehouse: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the pipeline at a copy of the tiny warehouse and its lists, offline (a command may
    write to them); return the copy's path."""
    copy = tmp_path / "warehouse.duckdb"
    shutil.copyfile(tiny_warehouse, copy)
    shutil.copytree(tiny_warehouse.parent / "custom", tmp_path / "custom")
    for name, value in {
        "PIPELINE_WAREHOUSE": str(copy),
        "PIPELINE_CUSTOM": str(tmp_path / "custom"),
        "PIPELINE_RAW": str(tmp_path / "raw"),
        "PIPELINE_MIRROR": "",
        "PIPELINE_OFFLINE": "1",
    }.items():
        monkeypatch.setenv(name, value)
    return copy


@dataclass(frozen=True)
class BuiltEvidence:
    """The build's evidence of the past verdicts and of every word as of the day after them."""

    history: Evidence
    current: Evidence


@pytest.fixture(scope="session")
def tiny_evidence(tiny_warehouse: Path) -> BuiltEvidence:
    """Return the Spelling Bee evidence as the build computes it on the tiny warehouse."""
    with warehouse.open_warehouse(tiny_warehouse, read_only=True) as con:
        return BuiltEvidence(*build_evidence(con, SPELLING_BEE, tiny_archive.AS_OF))


# --- the mirror's own files (PIPELINE_MIRROR) ------------------------------------------------

BULK_PATH = str(relative_cache_path(BULK_ARCHIVE_URL))
TEDMISTON_DIR = str(relative_cache_path(NYT_GAMEDATA_URL.format(date="day")).parent)
SIMEYDK_DIR = str(relative_cache_path(SIMEYDK_URL.format(date="day")).parent)


def problems_by_date(records, check) -> dict[datetime.date, list[str]]:
    """Return the problems of each record that has some."""
    return {record.date: problems for record in records if (problems := check(record))}


@pytest.fixture(scope="module")
def mirror() -> Path:
    """Return the mirror's http folder, or skip when PIPELINE_MIRROR is not set."""
    root = mirror_dir()
    if root is None:
        pytest.skip("PIPELINE_MIRROR is not set (point it at the mirror's http folder)")
    return root


@pytest.fixture(scope="session")
def nytbee_pages(
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[datetime.date, tuple[NytbeeLayout, BeeRecord]]:
    """Return the layout and record of every mirrored nytbee.com page, by date: parsed once a
    run (two test modules read them; under `pytest -n` the first process to need them parses
    them and keeps them, pickled, in the folder the processes share)."""
    root = mirror_dir()
    if root is None:
        pytest.skip("PIPELINE_MIRROR is not set (point it at the mirror's http folder)")
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent
    kept = shared / "nytbee_pages.pickle"
    with (shared / "nytbee_pages.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the block closes the file
        if not kept.exists():
            pages = {}
            for path in sorted((root / "nytbee.com").glob("Bee_*.html")):
                date = datetime.datetime.strptime(path.stem, "Bee_%Y%m%d").date()
                pages[date] = parse_nytbee_layout_and_page(path.read_bytes(), date)
            kept.write_bytes(pickle.dumps(pages))
        return pickle.loads(kept.read_bytes())


@pytest.fixture(scope="module")
def bulk_records(mirror: Path) -> dict[datetime.date, BeeRecord]:
    """Return the mirrored bulk archive's records by date."""
    records = parse_bulk_archive((mirror / BULK_PATH).read_text(encoding="utf-8"))
    return {record.date: record for record in records}


# --- hand-written fixture files ------------------------------------------------------------------

FIXTURES = Path(__file__).parent / "fixtures"


def fixture(name: str) -> str:
    """Return the text of a hand-written fixture file."""
    return (FIXTURES / name).read_text(encoding="utf-8")


# --- the players' progress store: SQLite, and a real PostgreSQL cluster ---------------------------

STORES = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """Start one throw-away PostgreSQL cluster for the session (tests/postgres.py)."""
    if server_binaries() is None:
        pytest.skip("no PostgreSQL server (Debian: apt-get install -y postgresql)")
    with throwaway_cluster() as cluster:
        yield cluster


def new_schema(cluster: Cluster) -> str:
    """Return the URL of a new, empty schema of the cluster's database (one per test: cheaper
    than a database, as separate)."""
    import psycopg

    schema = f"test_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(cluster.url, autocommit=True) as con:
        con.execute(f"CREATE SCHEMA {schema}")
    return f"{cluster.url}?options=-csearch_path%3D{schema}"


def new_store(request: pytest.FixtureRequest, folder: Path) -> str | Path:
    """Return a new, empty progress store of the kind a fixture's parameter names: a SQLite file
    in the folder, or a new schema of the session's PostgreSQL cluster."""
    if request.param == "sqlite":
        return folder / "progress.sqlite"
    return new_schema(request.getfixturevalue("postgres_cluster"))


@pytest.fixture(params=STORES)
def progress_store(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """Return where a test's progress is kept, once for each store."""
    return new_store(request, tmp_path)


@pytest.fixture(scope="module")
def chromium() -> Iterator[object]:
    """Playwright's browser on Debian's Chromium, one for each module that asks for it."""
    with launched_chromium() as launched:
        yield launched
