"""The project's SQL files (`pipeline/sql/`), read by name: what the warehouse runs, and the
players' progress file's statements. No database here, so that reading a file needs no DuckDB."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

SQL_DIR = Path(__file__).parent.parent / "sql"
QUERIES, TABLES, UPGRADES = "queries", "tables", "upgrades"  # the folders of sql/
UPGRADE_FILE = re.compile(r"(\d{3})_(\w+)")  # an upgrade's file name: NNN_NAME (.sql)


def exists(name: str, folder: str = QUERIES) -> bool:
    """Return True when a named SQL file exists (`today/spelling_bee_days`)."""
    return (SQL_DIR / folder / f"{name}.sql").is_file()


@cache
def sql(name: str, folder: str = QUERIES) -> str:
    """Return the text of a named SQL file: `sql/queries/NAME.sql` (NAME like `build/backtest`),
    or of another folder of sql/."""
    path = SQL_DIR / folder / f"{name}.sql"
    if not path.is_file():
        raise KeyError(f"no SQL file named {name!r} in {SQL_DIR / folder}")
    return path.read_text()
