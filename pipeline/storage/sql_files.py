"""The project's SQL files, read by name: what the warehouse runs, and the players' progress
file's statements. A name (`today/spelling_bee_days`) is looked up in `pipeline/sql/` and then in
each registered game's own `sql/` folder (`pipeline/games/<game>/sql/`), so a game's SQL lives in
its folder and is read by the same names. No database here, so that reading a file needs no
DuckDB."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

SQL_DIR = Path(__file__).parent.parent / "sql"
QUERIES, TABLES, UPGRADES = "queries", "tables", "upgrades"  # the folders of sql/
UPGRADE_FILE = re.compile(r"(\d{3})_(\w+)")  # an upgrade's file name: NNN_NAME (.sql)


@cache
def roots() -> tuple[Path, ...]:
    """Return the folders SQL files are read from: `pipeline/sql/`, then each game's `sql/`."""
    from pipeline.games import GAMES  # the registry: deferred, as reading it imports added games

    return (SQL_DIR, *(game.sql_dir for game in GAMES))


def path(name: str, folder: str = QUERIES) -> Path | None:
    """Return the file of a named SQL file (`today/spelling_bee_days`) in a folder of the roots
    (`queries`, `tables`), or None when no root holds it."""
    for root in roots():
        found = root / folder / f"{name}.sql"
        if found.is_file():
            return found
    return None


def exists(name: str, folder: str = QUERIES) -> bool:
    """Return True when a named SQL file exists (`today/spelling_bee_days`)."""
    return path(name, folder) is not None


def names(folder: str, pattern: str = "*/*") -> list[str]:
    """Return the sorted names (`STAGE/NAME`) of the SQL files of a folder of every root whose
    names fit a glob pattern (`build/*`)."""
    found = {
        file.relative_to(root / folder).with_suffix("").as_posix()
        for root in roots()
        for file in (root / folder).glob(f"{pattern}.sql")
    }
    return sorted(found)


@cache
def sql(name: str, folder: str = QUERIES) -> str:
    """Return the text of a named SQL file: `queries/NAME.sql` (NAME like `build/backtest`) of
    the first root that holds it, or of another folder of the roots."""
    found = path(name, folder)
    if found is None:
        raise KeyError(f"no SQL file named {name!r} in {SQL_DIR / folder} or a game's sql/")
    return found.read_text()
