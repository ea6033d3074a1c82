"""The live feed of a progress store: which owners' puzzles changed (`player_progress.change_of`),
told to a server process as soon as any process commits, so that a room's pages show a
teammate's word at once (`serve/rooms.py`). Each server process runs one feed, in a thread with a
connection of its own, whatever the number of pages it serves.

SQLite: every FEED_SECONDS the thread asks whether any connection committed since it last asked
(`PRAGMA data_version`, read from the write-ahead log's shared index, no disk read), and only then
reads the versions written since the last it saw (`changes_since`; SQLite's writers take turns, so
versions commit in order). PostgreSQL: the thread LISTENs to `progress_changed`, which every write
function NOTIFYs at its commit (sql/progress/functions/); when its connection is lost it connects
again, and tells that anything may have changed meanwhile.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from pipeline.storage.player_progress import PuzzleKey, change_of
from pipeline.storage.progress_dialects import Dialect, Postgres, Sqlite, SqliteSession

FEED_SECONDS = 0.1  # how often a SQLite feed asks whether anything was committed
LISTEN_SECONDS = 1.0  # how long a PostgreSQL feed waits for a notice before it looks at its stop
RECONNECT_SECONDS = 1.0  # a PostgreSQL feed's pause before it connects again
CHANNEL = "progress_changed"

# what a feed calls with the changes, or None when any puzzle may have changed
Changed = Callable[[list[str] | None], None]


class Feed(Protocol):
    """A running feed (`ready` once it follows the store: a change committed after is told);
    stop it once."""

    ready: threading.Event

    def close(self) -> None:
        """Stop the feed's thread."""
        ...


class SqliteFeed:
    """A SQLite store's feed: the versions written since the last it saw, as soon as a
    connection commits."""

    def __init__(self, path: Path, changed: Changed) -> None:
        self.ready = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(path, changed), name="feed")
        self._thread.daemon = True
        self._thread.start()

    def _run(self, path: Path, changed: Changed) -> None:
        con = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        session = SqliteSession(con)
        try:
            since = session.rows("latest_version")[0]["version"]
            seen = con.execute("PRAGMA data_version").fetchone()[0]
            self.ready.set()
            while not self._stop.wait(FEED_SECONDS):
                with contextlib.suppress(sqlite3.Error):  # busy: the next round reads it
                    committed = con.execute("PRAGMA data_version").fetchone()[0]
                    if committed == seen:
                        continue
                    rows = session.rows("changes_since", {"since": since})
                    seen = committed
                    if rows:
                        since = rows[-1]["version"]
                        changed([change_of(row["owner_id"], key_of(row)) for row in rows])
        finally:
            con.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join()


def key_of(row: dict) -> PuzzleKey:
    """Return the puzzle a row of the store names."""
    return PuzzleKey(row["game"], row["puzzle"], row["letters"])


class PostgresFeed:
    """A PostgreSQL store's feed: the notices of the writes' commits (LISTEN)."""

    def __init__(self, url: str, changed: Changed) -> None:
        self.ready = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(url, changed), name="feed")
        self._thread.daemon = True
        self._thread.start()

    def _run(self, url: str, changed: Changed) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(url, autocommit=True, connect_timeout=2) as con:
                    con.execute(f"LISTEN {CHANNEL}")
                    if self.ready.is_set():
                        changed(None)  # connected again: what was written meanwhile
                    self.ready.set()
                    while not self._stop.is_set():
                        for notice in con.notifies(timeout=LISTEN_SECONDS):
                            changed([notice.payload])
            except psycopg.Error:
                self.ready.set()  # down: streams go on (their requests get 503) while it retries
                self._stop.wait(RECONNECT_SECONDS)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=LISTEN_SECONDS + 3)


def start_feed(dialect: Dialect, changed: Changed) -> Feed:
    """Start the feed of a store."""
    if isinstance(dialect, Postgres):
        return PostgresFeed(dialect.url, changed)
    assert isinstance(dialect, Sqlite)
    return SqliteFeed(dialect.path, changed)
