"""A game's days as the build writes them beside its list for `pipeline today`
(`<game>_days.jsonl`; storage/built_files.py says when they are fresh).

One JSON object a line per stored puzzle, by date, as DuckDB writes it: the row of the game's
day query (`today/<game>_days`) and the words the custom dictionary predicted for the day in its
backtest (`expected`, from `today/expected_words`; null when the backtest does not hold the day).
Each line starts with its date, so that a day is found by bisection over the mapped file, and
the latest is the last line. More fields can be added to a day without changing how it is read.
"""

from __future__ import annotations

import datetime as dt
import json
import mmap
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.games import GAMES, Game
from pipeline.storage import built_files
from pipeline.table import Table

if TYPE_CHECKING:
    from pipeline.storage.warehouse import Connection

EXPECTED = "today/expected_words"
EVERY_DAY = {"first": dt.date.min, "last": dt.date.max}
DATE_AT = 9  # a line is `{"date":"YYYY-MM-DD",...` (DuckDB's JSON): the date from the 9th byte


def write_days(con: Connection, game: Game, path: Path) -> None:
    """Write every stored day of a game with the words its backtest predicted (in DuckDB: the
    largest, Letter Boxed's, is 30 MB of lists); a game without a day query has no day: its file
    is empty."""
    from pipeline.storage import sql_files, warehouse

    if not sql_files.exists(game.query("today", "days")):
        path.write_bytes(b"")
        return

    params = {"game": game.name, **EVERY_DAY}
    views = {
        "day_rows": warehouse.relation(con, game.query("today", "days"), EVERY_DAY),
        "expected_rows": warehouse.relation(con, EXPECTED, params),
    }
    for name, rows in views.items():  # temporary views of this connection (each game's thread
        con.register(name, rows)  # has its own), not views stored in the warehouse
    try:
        warehouse.run(con, "build/day_file", {"path": str(path)})
    finally:
        warehouse.release(con, *views)
    with path.open("rb") as handle:
        os.fsync(handle.fileno())


class DayFiles:
    """The games' day files, when fresh: answers `today`'s queries (a `Reader`)."""

    def __init__(self, paths: Mapping[str, Path]) -> None:
        """Keep the day file of each game (by name); each is opened when first read."""
        self.paths = dict(paths)

    @classmethod
    def fresh(cls) -> DayFiles | None:
        """Return the day files when the build wrote them from the warehouse as it is now."""
        paths = built_files.fresh_paths(*map(built_files.days_file, GAMES))
        if paths is None:
            return None
        return cls({game.name: path for game, path in zip(GAMES, paths, strict=True)})

    def table_exists(self, table: str) -> bool:
        """Return True: the build wrote the files from a warehouse that has every table."""
        return True

    def query(self, name: str, params: Mapping[str, Any] | None = None) -> Table:
        """Return one day of a game (`today/<game>_days`: the latest when the date is None), or
        the words its backtest predicted (`today/expected_words`)."""
        params = dict(params or {})
        if params.get("first") != params.get("last"):
            raise KeyError(f"the day files answer {name} for one day, not {params}")
        if name == EXPECTED:
            day = self.day(params["game"], params["first"])
            if day is None or day["expected"] is None:
                return Table(("date", "words"), [])
            return Table(("date", "words"), [(day["date"], day["expected"])])
        game = next((g for g in GAMES if name == g.query("today", "days")), None)
        if game is None:
            raise KeyError(f"the day files do not answer {name}")
        day = self.day(game.name, params["first"])
        columns = tuple(key for key in day or {} if key != "expected")
        return Table(columns, [tuple(day[key] for key in columns)] if day else [])

    def day(self, game: str, date: dt.date | None) -> dict | None:
        """Return a game's day of a date (the latest when None) as stored, or None."""
        with self.paths[game].open("rb") as handle:
            if os.fstat(handle.fileno()).st_size == 0:
                return None
            with mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
                line = last_line(mapped) if date is None else line_of(mapped, date.isoformat())
        if line is None:
            return None
        day = json.loads(line)
        day["date"] = dt.date.fromisoformat(day["date"])
        return day


def last_line(mapped: mmap.mmap) -> bytes:
    """Return the last line of a text that ends with a newline."""
    return mapped[mapped.rfind(b"\n", 0, len(mapped) - 1) + 1 :]


def line_of(mapped: mmap.mmap, date: str) -> bytes | None:
    """Return the line of a date, by bisection over the lines (sorted by their dates)."""
    wanted = date.encode("ascii")
    low, high = 0, len(mapped)  # the line starting at or after `low` is the candidate
    while low < high:
        middle = (low + high) // 2
        start = mapped.rfind(b"\n", 0, middle) + 1  # the start of the line holding `middle`
        if date_at(mapped, start) < wanted:
            low = mapped.find(b"\n", middle) + 1 or len(mapped)
        else:
            high = start
    if low < len(mapped) and date_at(mapped, low) == wanted:
        return mapped[low : mapped.find(b"\n", low) + 1]
    return None


def date_at(mapped: mmap.mmap, start: int) -> bytes:
    """Return the date of the line starting at `start`."""
    return mapped[start + DATE_AT : start + DATE_AT + 10]
