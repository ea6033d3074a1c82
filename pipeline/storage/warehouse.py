"""The DuckDB warehouse: opening it, running named SQL files, handing Python data to DuckDB.

SQL lives in `pipeline/sql/` and, what names one game, in its folder's `sql/`
(`pipeline/games/<game>/sql/`, read by the same names: storage/sql_files.py):
`tables/<stage>/<table>.sql` declares each warehouse table (its keys and constraints),
`queries/<command>/<name>.sql` holds the reads, the temp tables and the queries that fill a table
(named after it), `upgrades/` the numbered upgrades of older warehouses (`storage/upgrades.py`).
A file is split into statements by DuckDB's own parser, and each statement gets only the named
parameters it mentions.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import shutil
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline import config
from pipeline.errors import UserError
from pipeline.storage import reader, sql_files
from pipeline.storage.sql_files import QUERIES, TABLES, sql
from pipeline.table import Table

if TYPE_CHECKING:
    import duckdb
    import numpy as np  # loaded by hand_over only: reading the warehouse needs no numpy

    Connection = duckdb.DuckDBPyConnection
else:
    from solvers.lazy import LazyModule

    # DuckDB loads when a connection is first opened: a command that answers from the files the
    # build wrote (storage/built_files.py) starts without it.
    duckdb = LazyModule("duckdb")
    Connection = "duckdb.DuckDBPyConnection"  # a name for annotations

MACROS = "macros"  # sql/macros.sql
BUILDING = ".building-"  # a stage's copy of the warehouse: `.warehouse.duckdb.building-PID`


def has_table_file(name: str) -> bool:
    """Return True when `tables/NAME.sql` of sql/ or a game's sql/ declares a table (NAME like
    `build/backtest`)."""
    return sql_files.exists(name, TABLES)


def table_files(stage: str | None = None) -> list[str]:
    """Return the names (`STAGE/TABLE`) of the table files of one stage, or of every stage."""
    return sql_files.names(TABLES, f"{stage or '*'}/*")


def connect(path: Path | None = None, *, read_only: bool = False) -> Connection:
    """Open the warehouse with the SQL macros defined; a missing file (read-only) is a
    UserError, and so is a lock another process still holds after `PIPELINE_LOCK_WAIT` seconds.
    Prefer `open_warehouse`, which closes it again."""
    path = path or config.warehouse_path()
    if read_only and not path.exists():
        raise UserError(config.missing_warehouse(path))
    con = connect_when_free(path, read_only, config.lock_wait_seconds())
    prepare(con)
    return con


LOCKED = "Could not set lock on file"  # DuckDB's words for a file another process holds
LOCK_HOLDER = re.compile(r"\(PID (\d+)\)")
LOCK_RETRY_SECONDS = 0.2


def connect_when_free(path: Path, read_only: bool, wait: float) -> Connection:
    """Return a DuckDB connection to a database file; while another process holds its lock, say
    once on stderr which one, and try again every LOCK_RETRY_SECONDS for up to `wait` seconds."""
    deadline = time.monotonic() + wait
    said = False
    while True:
        try:
            return duckdb.connect(str(path), read_only=read_only)
        except duckdb.Error as error:
            if LOCKED not in str(error) or time.monotonic() >= deadline:
                raise opening_error(path, error, wait) from error
            if not said:
                print(
                    f"waiting for the warehouse {path}: {lock_holder(error)} holds its lock "
                    f"(for up to {wait:g} s, PIPELINE_LOCK_WAIT)",
                    file=sys.stderr,
                )
                said = True
            time.sleep(LOCK_RETRY_SECONDS)


def opening_error(path: Path, error: duckdb.Error, waited: float) -> UserError:
    """Return the one-line error of a warehouse that could not be opened."""
    first_line = str(error).splitlines()[0]
    if is_damage(error):
        return DamagedWarehouse(
            f"the warehouse {path} is damaged ({first_line.removeprefix('IO Error: ')}): "
            "rebuild it with `make dictionary` (a stage keeps the damaged file beside it), "
            "or put back a copy you kept"
        )
    if LOCKED in first_line:
        return UserError(
            f"cannot open the warehouse {path}: {lock_holder(error)} still holds its lock after "
            f"{waited:g} s (PIPELINE_LOCK_WAIT): end that process or close its connection, or "
            "set PIPELINE_LOCK_WAIT to wait longer"
        )
    return UserError(f"cannot open the warehouse {path}: {first_line}")


def lock_holder(error: duckdb.Error) -> str:
    """Return the process that holds a database's lock, as DuckDB names it: `process PID
    (its command line)` when /proc shows it, else `process PID`, else `another process`."""
    found = LOCK_HOLDER.search(str(error))
    if found is None:
        return "another process"
    try:
        arguments = Path(f"/proc/{found[1]}/cmdline").read_bytes().replace(b"\0", b" ")
    except OSError:  # not Linux, or the process ended meanwhile
        return f"process {found[1]}"
    command = " ".join(arguments.decode(errors="replace").split())  # one line, however written
    shown = command if len(command) <= 100 else command[:99] + "…"
    return f"process {found[1]} ({shown})" if command else f"process {found[1]}"


class DamagedWarehouse(UserError):
    """The warehouse file is not a DuckDB database, or a truncated or corrupt one."""


DAMAGE_SIGNS = ("not a valid DuckDB database", "Could not read enough bytes", "orrupt", "checksum")


def is_damage(error: duckdb.Error) -> bool:
    """Return True when DuckDB could not read a database file (not: it is locked)."""
    return any(sign in str(error) for sign in DAMAGE_SIGNS)


def keep_damaged(path: Path) -> Path:
    """Move a damaged warehouse aside (`NAME.damaged-YYYYMMDDTHHMMSS`) and return where."""
    kept = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%dT%H%M%S')}")
    os.replace(path, kept)
    path.with_name(path.name + ".wal").unlink(missing_ok=True)
    return kept


@contextlib.contextmanager
def open_warehouse(path: Path | None = None, *, read_only: bool = False) -> Iterator[Connection]:
    """Yield an open warehouse connection and close it when the block ends."""
    con = connect(path, read_only=read_only)
    try:
        yield con
    finally:
        con.close()


@contextlib.contextmanager
def stage_warehouse(
    path: Path | None = None, on_commit: Callable[[Path], None] | None = None
) -> Iterator[Connection]:
    """Yield a connection to a copy of the warehouse that replaces it when the block succeeds.

    The stage works on `.NAME.building-PID` beside the warehouse; readers keep reading the last
    committed file meanwhile, and a failed or killed stage leaves it as it was. The new file is
    renamed over the old one (atomic), after a compaction when freed space outweighs live data;
    then `on_commit(path)` runs, the lock still held (no other stage has replaced it yet).
    One stage at a time: a second one is a UserError while the first holds the lock.
    """
    path = path or config.warehouse_path()
    with stage_lock(path):
        sweep_leftovers(path)
        building = path.with_name(f".{path.name}{BUILDING}{os.getpid()}")
        if path.exists():
            try:
                copy_committed(path, building)
            except DamagedWarehouse as damaged:
                kept = keep_damaged(path)  # never overwritten: kept, and a new one started
                print(
                    f"warning: {damaged}; kept it as {kept.name}, starting a new one",
                    file=sys.stderr,
                )
        con = connect(building)
        try:
            yield con
            con.execute("CHECKPOINT")
            con.close()
            compact_if_sparse(building)
            commit_file(building, path)
            if on_commit is not None:
                on_commit(path)
        finally:
            con.close()
            _remove_database_files(building)


@contextlib.contextmanager
def stage_lock(path: Path) -> Iterator[None]:
    """Hold the warehouse's stage lock (`.NAME.lock`) for the block, or raise a UserError."""
    lock_path = path.with_name(f".{path.name}.lock")
    path.parent.mkdir(parents=True, exist_ok=True)
    with lock_path.open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise UserError(
                f"another stage is changing the warehouse {path}: wait for it to finish"
            ) from None
        yield  # the kernel releases the lock when the process ends, however it ends


def sweep_leftovers(path: Path) -> None:
    """Remove the copies (and their spill folders) that killed stages left beside the warehouse."""
    for leftover in path.parent.glob(f".{path.name}{BUILDING}*"):
        if leftover.is_dir():
            shutil.rmtree(leftover, ignore_errors=True)
        else:
            leftover.unlink(missing_ok=True)


def copy_committed(path: Path, building: Path) -> None:
    """Copy the committed warehouse for a stage, holding a read lock so that no other program
    writes it meanwhile (one that holds it open for writing is a UserError)."""
    if path.with_name(path.name + ".wal").exists():
        with contextlib.closing(connect(path)) as con:
            con.execute("CHECKPOINT")  # a log an older version left: fold it into the file first
    with contextlib.closing(connect(path, read_only=True)):
        shutil.copyfile(path, building)


def compact_if_sparse(building: Path) -> None:
    """Rewrite the database into a fresh file when more of it is free space than data."""
    if is_sparse(building):
        compact(building)


def is_sparse(path: Path) -> bool:
    """Return True when more of a database file is free space than data."""
    with contextlib.closing(duckdb.connect(str(path))) as con:
        size = con.execute("SELECT used_blocks, free_blocks FROM pragma_database_size()")
        used, free = size.fetchall()[0]
    return bool(free > used)


def compact(building: Path) -> None:
    """Rewrite a database into a fresh file (DuckDB does not shrink a file in place)."""
    compacted = building.with_name(building.name + ".compact")
    _remove_database_files(compacted)
    with contextlib.closing(duckdb.connect(str(compacted))) as con:
        con.execute("ATTACH $path AS sparse (READ_ONLY)", {"path": str(building)})
        target = _current_catalog(con).replace('"', '""')
        con.execute(f'COPY FROM DATABASE sparse TO "{target}"')  # identifiers take no parameters
        con.execute("DETACH sparse")
    os.replace(compacted, building)


def _current_catalog(con: Connection) -> str:
    """Return the name of the connection's own database."""
    return con.execute("SELECT current_database()").fetchall()[0][0]


def commit_file(new: Path, path: Path) -> None:
    """Replace `path` with `new` atomically and durably."""
    with new.open("rb") as handle:
        os.fsync(handle.fileno())
    os.replace(new, path)
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def _remove_database_files(path: Path) -> None:
    """Remove a database file, its write-ahead log and its spill folder, if they exist."""
    path.unlink(missing_ok=True)
    path.with_name(path.name + ".wal").unlink(missing_ok=True)
    shutil.rmtree(path.with_name(path.name + ".tmp"), ignore_errors=True)


def second_connection(con: Connection) -> Connection:
    """Return a second connection to the same database, with the SQL macros defined: for a thread
    that works beside the first (the caller closes it)."""
    cursor = con.cursor()
    prepare(cursor)
    return cursor


def in_memory() -> Connection:
    """Return a new in-memory DuckDB database with the SQL macros (the caller closes it)."""
    con = duckdb.connect()
    prepare(con)
    return con


def prepare(con: Connection) -> None:
    """Define the macros of `sql/macros.sql` (letter masks, precision, recall, F1) and leave progress to the stages (DuckDB's own bar would interleave with theirs)."""
    con.execute("SET enable_progress_bar = false")
    for statement in _statements(con, MACROS, "."):
        con.execute(statement)


def run(
    con: Connection, name: str, params: Mapping[str, Any] | None = None, folder: str = QUERIES
) -> Connection:
    """Run every statement of a named SQL file (`sql/queries/NAME.sql`, or of another folder of
    sql/); return the connection holding the last result."""
    result = con
    for statement in _statements(con, name, folder):
        wanted = statement.named_parameters
        given = {key: value for key, value in (params or {}).items() if key in wanted}
        if missing := wanted - given.keys():
            raise KeyError(f"{name}.sql needs the parameters {sorted(missing)}")
        result = con.execute(statement, given or None)
    return result


def create_table(con: Connection, name: str) -> None:
    """Create (or, for a table its stage builds whole, replace) the table `sql/tables/NAME.sql`
    declares."""
    run(con, name, folder=TABLES)


def create_missing_tables(con: Connection, stage: str) -> None:
    """Create the tables of a stage (`sql/tables/STAGE/`) that the warehouse does not have."""
    for name in table_files(stage):
        if not table_exists(con, name.rpartition("/")[2]):
            create_table(con, name)


def build(con: Connection, name: str, params: Mapping[str, Any] | None = None) -> Connection:
    """Fill the table NAME: its declaration first (`sql/tables/NAME.sql`, when NAME is a table),
    then its query (`sql/queries/NAME.sql`); return the connection holding the last result."""
    if has_table_file(name):
        create_table(con, name)
    return run(con, name, params)


_PARSED: dict[tuple[str, str], list[duckdb.Statement]] = {}


def _statements(con: Connection, name: str, folder: str = QUERIES) -> list[duckdb.Statement]:
    """Return the parsed statements of a SQL file, parsed once per process by the first
    connection that runs it (a parser database of its own took 15 ms to open, for every file)."""
    if (folder, name) not in _PARSED:
        _PARSED[folder, name] = con.extract_statements(sql(name, folder))
    return _PARSED[folder, name]


def hand_over(
    con: Connection, name: str, columns: Mapping[str, Sequence[Any] | np.ndarray]
) -> None:
    """Make Python columns readable in SQL as the view `name`: the one way data enters DuckDB.

    Each column is a sequence of equal length; lists become DuckDB lists, None becomes NULL.
    """
    arrays = {key: _column_array(values) for key, values in columns.items()}
    con.register(name, arrays)


def release(con: Connection, *names: str) -> None:
    """Forget views made by `hand_over`, so that the Python columns behind them can be freed."""
    for name in names:
        con.unregister(name)


def _column_array(values: Sequence[Any] | np.ndarray) -> np.ndarray:
    """Return a column as a numpy array (object dtype for Python values, so lists survive)."""
    import numpy as np

    if isinstance(values, np.ndarray):
        return values
    array = np.empty(len(values), dtype=object)
    array[:] = list(values)
    return array


@contextlib.contextmanager
def transaction(con: Connection) -> Iterator[Connection]:
    """Run a block as one transaction: a failed or killed stage leaves the warehouse as it was."""
    con.execute("BEGIN TRANSACTION")
    try:
        yield con
    except BaseException:
        con.execute("ROLLBACK")
        raise
    con.execute("COMMIT")


@dataclass(frozen=True)
class WarehouseReader:
    """The warehouse as a `Reader` (storage/reader.py): named queries run on a connection."""

    con: Connection

    def query(self, name: str, params: Mapping[str, Any] | None = None) -> Table:
        """Return the result of a named SQL query."""
        return query(self.con, name, params)

    def table_exists(self, table: str) -> bool:
        """Return True when the warehouse has the table."""
        return table_exists(self.con, table)


def table_exists(con: Connection, table: str) -> bool:
    """Return True when the warehouse has a table (or view) of that name."""
    found = run(con, "catalog/table_exists", {"table": table}).fetchall()
    # fetched to the end: DuckDB blocks a connection's relations on a pending result
    return bool(found and found[0][0])


def require_tables(con: Connection, *tables: str, stage_hint: str) -> None:
    """Raise a UserError naming the stage to run when a needed table is missing."""
    reader.require_tables(WarehouseReader(con), *tables, stage_hint=stage_hint)


def relation(
    con: Connection, name: str, params: Mapping[str, Any] | None = None
) -> duckdb.DuckDBPyRelation:
    """Return a named one-statement query as a relation: to read, or to name as a view that a
    statement of another file reads."""
    (statement,) = _statements(con, name)
    wanted = statement.named_parameters
    given = {key: value for key, value in (params or {}).items() if key in wanted}
    return con.sql(statement.query, params=given or None)


def query(con: Connection, name: str, params: Mapping[str, Any] | None = None) -> Table:
    """Return the result of a named SQL query as a Table."""
    result = run(con, name, params)
    return Table(tuple(column[0] for column in result.description or ()), result.fetchall())
