"""The DuckDB warehouse: connections, named SQL files, and all-or-nothing stages."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import duckdb

from pipeline import config
from pipeline.errors import UserError

SQL_DIR = Path(__file__).parent / "sql"


@cache
def sql(name: str) -> str:
    """Return the text of the named query `pipeline/sql/NAME.sql`."""
    path = SQL_DIR / f"{name}.sql"
    if not path.exists():
        raise KeyError(f"no SQL file named {name!r} in {SQL_DIR}")
    return path.read_text()


def connect(path: Path | None = None, *, read_only: bool = False) -> duckdb.DuckDBPyConnection:
    """Open the warehouse; a missing file (read-only) or a lock is a UserError."""
    path = path or config.warehouse_path()
    if read_only and not path.exists():
        raise UserError(
            f"no warehouse at {path}: run `make dictionary` (or `pipeline words`) first"
        )
    try:
        return duckdb.connect(str(path), read_only=read_only)
    except duckdb.IOException as error:
        first_line = str(error).splitlines()[0]
        raise UserError(f"cannot open the warehouse {path}: {first_line}") from error


def run(con: duckdb.DuckDBPyConnection, name: str, params: dict[str, Any] | None = None):
    """Run every statement of a named SQL file; return the result of the last one.

    The SQL macros of `macros.sql` (letter_bit, letter_mask) are defined first, if missing.
    """
    for statement in _statements("macros"):
        con.execute(statement)
    result = None
    for statement in _statements(name):
        result = con.execute(statement, _used_params(statement, params))
    return result


def _statements(name: str) -> list[str]:
    """Return the statements of a named SQL file, without empty or comment-only ones."""
    return [s for s in sql(name).split(";\n") if s.strip() and not _only_comments(s)]


def _only_comments(statement: str) -> bool:
    """Return True when a statement holds nothing but comments."""
    return all(not line.strip() or line.strip().startswith("--") for line in statement.splitlines())


def _used_params(statement: str, params: dict[str, Any] | None) -> dict[str, Any] | None:
    """Return the parameters a statement mentions (DuckDB refuses unused named parameters)."""
    if not params:
        return None
    code = "\n".join(line.split("--")[0] for line in statement.splitlines())
    used = {key: value for key, value in params.items() if f"${key}" in code}
    return used or None


@contextlib.contextmanager
def stage(con: duckdb.DuckDBPyConnection) -> Iterator[duckdb.DuckDBPyConnection]:
    """Run a block as one transaction: a failed or killed stage leaves the warehouse as it was."""
    con.execute("BEGIN TRANSACTION")
    try:
        yield con
    except BaseException:
        con.execute("ROLLBACK")
        raise
    con.execute("COMMIT")


def table_exists(con: duckdb.DuckDBPyConnection, table: str) -> bool:
    """Return True when the warehouse has a table of that name."""
    found = con.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = $table",
        {"table": table},
    ).fetchall()  # fetched to the end: DuckDB 2 blocks a connection's relations on a pending result
    return bool(found and found[0][0])


def require_tables(con: duckdb.DuckDBPyConnection, *tables: str, stage_hint: str) -> None:
    """Raise a UserError naming the stage to run when a needed table is missing."""
    missing = [table for table in tables if not table_exists(con, table)]
    if missing:
        raise UserError(
            f"the warehouse has no {', '.join(missing)} table: run `{stage_hint}` first"
        )
