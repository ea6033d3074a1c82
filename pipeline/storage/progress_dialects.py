"""The two databases players' progress can live in, and every difference between them in one
place: SQLite (a file, the default) and PostgreSQL (`PIPELINE_PROGRESS=postgresql://...`, for
several machines). The statements themselves (`sql/progress/`) are written once for both: named
parameters (`:name`), `ON CONFLICT`, `RETURNING`, integer flags.

What differs: how a connection is made and set up, how a parameter is written, how a writing
transaction starts and waits for another process's, how the upgrade at start-up keeps other
processes out, how the tables are listed, whether a server process runs its transactions on its
event loop or in threads (`threads`), and which errors mean that the database cannot be reached
(HTTP 503).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import select
import sqlite3
import threading
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from pipeline.errors import UserError
from pipeline.storage.sql_files import sql

PROGRESS = "progress"  # the folder of the statements: sql/progress/
BUSY_SECONDS = 10.0  # how long SQLite waits for a lock held by a program not taking WRITER_LOCK
WRITER_LOCK = "-writer"  # beside a SQLite store (progress.sqlite-writer): its writers' lock file
CHECKPOINT_SECONDS = 1.0  # how often a SQLite store's write-ahead log is copied into it, aside
POOL_SECONDS = 3.0  # how long a request waits for its turn at a PostgreSQL connection
POOL_SIZE = 8  # PostgreSQL connections per server process at most
UPGRADE_LOCK = 7_320_032  # the advisory lock PostgreSQL processes take to upgrade one at a time
NAMED_PARAMETER = re.compile(r"(?<![:\w]):([a-z_][a-z0-9_]*)")


class StoreUnavailable(UserError):
    """The progress store cannot be reached or answered too late (HTTP 503)."""


Row = dict[str, Any]


class Session(Protocol):
    """One transaction on the store: run its named statements (`sql/progress/NAME.sql`)."""

    def run(self, name: str, params: Mapping[str, object] | None = None) -> int:
        """Run a statement; return how many rows it changed."""
        ...

    def rows(self, name: str, params: Mapping[str, object] | None = None) -> list[Row]:
        """Run a query; return its rows by column name."""
        ...

    def run_many(self, name: str, params: Sequence[Mapping[str, object]]) -> None:
        """Run a statement once per set of parameters."""
        ...

    def run_text(self, text: str, params: Mapping[str, object] | None = None) -> None:
        """Run a statement given as text (an upgrade's)."""
        ...

    def rows_of_text(self, text: str) -> list[Row]:
        """Run a query given as text; return its rows by column name."""
        ...


class Dialect(Protocol):
    """A database the progress store can live in."""

    name: str
    # how many threads of a server process use it at once, at most; 0: none, the server runs each
    # transaction on its event loop (a short one on a local file costs less than the hop to a
    # thread and back, which under load is mostly spent handing the interpreter's lock around)
    threads: int

    def writing(self) -> contextlib.AbstractContextManager[Session]:
        """Return one transaction that may write (committed, or rolled back on an error)."""
        ...

    def reading(self) -> contextlib.AbstractContextManager[Session]:
        """Return a session that only reads."""
        ...

    def upgrading(self) -> contextlib.AbstractContextManager[Session]:
        """Return a writing transaction no other process upgrades beside."""
        ...

    def table_names(self, session: Session) -> set[str]:
        """Return the names of the store's tables."""
        ...

    def announce(self, session: Session, change: str) -> None:
        """Tell the live feeds of every server process, at the commit, that an owner's puzzle
        changed (PostgreSQL's NOTIFY; a SQLite store's feeds read the versions instead)."""
        ...

    def close(self) -> None:
        """Close every connection."""
        ...


def statement(name: str) -> str:
    """Return the text of a statement of sql/progress/ (as written: `:name` parameters)."""
    return sql(name, PROGRESS)


# ------------------------------------------------------------------ SQLite


class SqliteSession:
    """A session on one SQLite connection."""

    def __init__(self, con: sqlite3.Connection) -> None:
        self.con = con

    def run(self, name: str, params: Mapping[str, object] | None = None) -> int:
        return self.con.execute(statement(name), params or {}).rowcount

    def rows(self, name: str, params: Mapping[str, object] | None = None) -> list[Row]:
        return self._rows(statement(name), params)

    def rows_of_text(self, text: str) -> list[Row]:
        return self._rows(text, None)

    def _rows(self, text: str, params: Mapping[str, object] | None) -> list[Row]:
        cursor = self.con.execute(text, params or {})
        columns = [column[0] for column in cursor.description]
        return [dict(zip(columns, row, strict=True)) for row in cursor.fetchall()]

    def run_many(self, name: str, params: Sequence[Mapping[str, object]]) -> None:
        self.con.executemany(statement(name), params)

    def run_text(self, text: str, params: Mapping[str, object] | None = None) -> None:
        self.con.execute(text, params or {})


class WriterLock:
    """One writer of a SQLite store at a time, across processes and threads: an exclusive `flock`
    on a file beside it, which the kernel hands to the next waiting process as soon as it is
    released (and releases when its holder dies), taken by one thread of a process at a time.

    Waiting for the file's own write lock instead (BEGIN IMMEDIATE's busy handler) polls it with
    growing sleeps of up to 100 ms: with two server processes writing, a guess's p99 was 1.6 s.
    """

    def __init__(self, path: Path) -> None:
        self._threads = threading.Lock()  # flock is per open file: the threads of one share it
        self._file = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Hold the lock for the block (waiting for another writer's transaction to end)."""
        with self._threads:
            fcntl.flock(self._file, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(self._file, fcntl.LOCK_UN)

    def close(self) -> None:
        """Close the lock file (once)."""
        if self._file >= 0:
            os.close(self._file)
            self._file = -1


class Checkpointer:
    """Copies a SQLite store's write-ahead log into the file every CHECKPOINT_SECONDS, in a thread
    of its own with a connection of its own (PASSIVE: writers and readers go on meanwhile).

    SQLite's automatic checkpoint is run by the commit that fills the log past 1,000 pages, and
    syncs the file to disk (10-40 ms here) while that writer holds the writer lock: every writer
    of every server process waited for it, on its event loop."""

    def __init__(self, path: Path) -> None:
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(path,), name="checkpoint")
        self._thread.daemon = True
        self._thread.start()

    def _run(self, path: Path) -> None:
        con = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        try:
            while not self._stop.wait(CHECKPOINT_SECONDS):
                with contextlib.suppress(sqlite3.Error):  # the next round tries again
                    con.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            con.close()

    def close(self) -> None:
        """Stop the thread (its last round, if one is under way, is finished first)."""
        self._stop.set()
        self._thread.join()


class Sqlite:
    """A SQLite file: one connection per thread (write-ahead log, so readers never wait); a
    writer holds the store's WriterLock, then takes the file's write lock at its start (`BEGIN
    IMMEDIATE`, free by then), so that two processes never both read and then both try to write.
    A server process runs its transactions on its event loop (`threads = 0`): each holds the
    writer lock for a few statements on a local file, so a process waits at most that long."""

    name = "sqlite"
    threads = 0

    def __init__(self, path: Path) -> None:
        self.path = path
        self._local = threading.local()
        self._opened: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._writer = WriterLock(path.with_name(path.name + WRITER_LOCK))
            self._connection()
        except (OSError, sqlite3.Error) as error:
            raise UserError(f"cannot keep players' progress in {path}: {error}") from error
        self._checkpoints = Checkpointer(path)

    def _connection(self) -> sqlite3.Connection:
        con: sqlite3.Connection | None = getattr(self._local, "con", None)
        if con is None:
            con = sqlite3.connect(
                self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False
            )
            con.execute("PRAGMA journal_mode = WAL")
            con.execute("PRAGMA synchronous = NORMAL")  # a commit survives a killed process
            con.execute("PRAGMA wal_autocheckpoint = 0")  # the Checkpointer's, aside
            con.execute("PRAGMA foreign_keys = ON")  # the cascades that forget a player
            self._local.con = con
            with self._lock:
                self._opened.append(con)
        return con

    @contextlib.contextmanager
    def _transaction(self, begin: str) -> Iterator[Session]:
        try:
            con = self._connection()
            con.execute(begin)
        except sqlite3.OperationalError as error:
            raise StoreUnavailable(f"the progress store is busy: {error}") from error
        try:
            yield SqliteSession(con)
            con.execute("COMMIT")
        except sqlite3.OperationalError as error:
            con.execute("ROLLBACK")
            raise StoreUnavailable(f"the progress store is busy: {error}") from error
        except BaseException:
            con.execute("ROLLBACK")
            raise

    @contextlib.contextmanager
    def writing(self) -> Iterator[Session]:
        with self._writer.held(), self._transaction("BEGIN IMMEDIATE") as session:
            yield session

    def reading(self) -> contextlib.AbstractContextManager[Session]:
        return self._transaction("BEGIN")

    def upgrading(self) -> contextlib.AbstractContextManager[Session]:
        return self.writing()  # one writer at a time, the upgrade too

    def table_names(self, session: Session) -> set[str]:
        found = session.rows_of_text("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {row["name"] for row in found}

    def announce(self, session: Session, change: str) -> None:
        pass  # its feeds follow the versions (storage/progress_feed.py)

    def close(self) -> None:
        with self._lock:
            for con in self._opened:
                con.close()
            self._opened.clear()
        self._checkpoints.close()
        self._writer.close()


# ------------------------------------------------------------------ PostgreSQL


@cache
def postgresql_text(text: str) -> str:
    """Return a statement with psycopg's parameters (`%(name)s` for `:name`)."""
    return NAMED_PARAMETER.sub(r"%(\1)s", text.replace("%", "%%"))


class PostgresSession:
    """A session on one pooled PostgreSQL connection."""

    def __init__(self, con: Any) -> None:
        self.con = con

    def run(self, name: str, params: Mapping[str, object] | None = None) -> int:
        cursor = self.con.execute(postgresql_text(statement(name)), params or {})
        return int(cursor.rowcount)

    def rows(self, name: str, params: Mapping[str, object] | None = None) -> list[Row]:
        return list(self.con.execute(postgresql_text(statement(name)), params or {}).fetchall())

    def rows_of_text(self, text: str) -> list[Row]:
        return list(self.con.execute(postgresql_text(text)).fetchall())

    def run_many(self, name: str, params: Sequence[Mapping[str, object]]) -> None:
        with self.con.cursor() as cursor:
            cursor.executemany(postgresql_text(statement(name)), params)

    def run_text(self, text: str, params: Mapping[str, object] | None = None) -> None:
        self.con.execute(postgresql_text(text), params or {})


class ConnectionPool:
    """PostgreSQL connections kept for reuse by a server process, at most `size` lent at once.

    Each is checked before it is lent, without a round trip: an idle connection has nothing to
    read, so one whose socket is readable was ended by the server (a restart sends each a notice
    and closes it) and is replaced, which costs a reconnection, not a failed request; one that
    failed in use is closed. (An empty query as the check cost a guess a seventh of its round
    trips.) With no healthy
    connection kept, a request connects at once: refused at once while the server is down (a
    503), and answered as soon as it is back. (psycopg_pool instead reconnects in the background
    with growing pauses, 1, 2, 4 s...: after a restart it answered 503 for about 5 s more.)
    """

    def __init__(self, url: str, size: int) -> None:
        self.url = url
        self._slots = threading.BoundedSemaphore(size)
        self._idle: list[Any] = []
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def connection(self) -> Iterator[Any]:
        """Lend a healthy connection for the block; keep it after, unless it failed."""
        if not self._slots.acquire(timeout=POOL_SECONDS):
            raise StoreUnavailable("the progress store (PostgreSQL) is busy: try again")
        try:
            con = self._healthy()
            try:
                yield con
            except BaseException:
                con.close()
                raise
            with self._lock:
                self._idle.append(con)
        finally:
            self._slots.release()

    def _healthy(self) -> Any:
        import psycopg
        from psycopg.rows import dict_row

        while True:
            with self._lock:
                con = self._idle.pop() if self._idle else None
            if con is None:
                return psycopg.connect(
                    self.url, autocommit=True, row_factory=dict_row, connect_timeout=2
                )
            if not con.closed and not ended_by_the_server(con):
                return con
            con.close()

    def close(self) -> None:
        """Close every connection kept."""
        with self._lock:
            for con in self._idle:
                con.close()
            self._idle.clear()


def ended_by_the_server(con: Any) -> bool:
    """Return True when an idle connection's socket has something to read: the server's notice
    that it ends the connection, or the end of the stream."""
    readable, _, _ = select.select([con.fileno()], [], [], 0)
    return bool(readable)


class Postgres:
    """A PostgreSQL database, through a pool of connections per process (ConnectionPool); while
    the server is down a request gets StoreUnavailable (503) at once."""

    name = "postgresql"
    threads = POOL_SIZE  # one pooled connection each

    def __init__(self, url: str) -> None:
        import psycopg

        self.url = url
        self._errors = (psycopg.OperationalError, psycopg.InterfaceError)
        self.pool = ConnectionPool(url, POOL_SIZE)
        try:
            with self.pool.connection():
                pass
        except self._errors as error:
            reason = str(error).splitlines()[0]  # libpq adds a line of advice
            raise UserError(f"cannot reach the progress store {redacted(url)}: {reason}") from None

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Session]:
        try:
            with self.pool.connection() as con, con.transaction():
                yield PostgresSession(con)
        except self._errors as error:
            raise StoreUnavailable("the progress store (PostgreSQL) cannot be reached") from error

    def writing(self) -> contextlib.AbstractContextManager[Session]:
        return self._transaction()

    def reading(self) -> contextlib.AbstractContextManager[Session]:
        return self._transaction()

    @contextlib.contextmanager
    def upgrading(self) -> Iterator[Session]:
        with self._transaction() as session:
            session.run_text(f"SELECT pg_advisory_xact_lock({UPGRADE_LOCK})")
            yield session

    def table_names(self, session: Session) -> set[str]:
        found = session.rows_of_text(
            "SELECT table_name AS name FROM information_schema.tables "
            "WHERE table_schema = current_schema()"
        )
        return {row["name"] for row in found}

    def announce(self, session: Session, change: str) -> None:
        session.run("announce_change", {"change": change})

    def close(self) -> None:
        self.pool.close()


def redacted(url: str) -> str:
    """Return a database URL without its password."""
    return re.sub(r"(//[^:/@]+):[^@]*@", r"\1:***@", url)


def open_dialect(setting: str | Path) -> Dialect:
    """Return the database a setting names (`config.progress_store()`): a PostgreSQL URL, else a
    SQLite file."""
    return Postgres(setting) if isinstance(setting, str) else Sqlite(setting)
