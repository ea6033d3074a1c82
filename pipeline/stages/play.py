"""The puzzles `pipeline serve` plays, read by their ids and kept: each game's `play.py` reads and
judges its own (`games/<slug>/play.py`); this cache keeps what they read.

Puzzles are read once and kept; a new warehouse (a build replaced the file) empties the cache, so
the server follows builds without a restart. Today's puzzle is asked for again after
TODAY_SECONDS.
"""

from __future__ import annotations

import datetime as dt
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from pipeline.errors import UserError
from pipeline.games import Game
from pipeline.games.play import UnknownPuzzle

if TYPE_CHECKING:  # the warehouse (DuckDB) and requests load with the first puzzle read
    from pipeline.sources.records import Record
    from pipeline.storage.download import Downloader

TODAY_SECONDS = 600  # how long today's puzzle is kept before the live page is asked again

Puzzle = TypeVar("Puzzle")


class Puzzles:
    """Every puzzle the server has read, by game and id, for the warehouse file as it is now."""

    def __init__(self, warehouse_path: Path, downloader: Callable[[], Downloader]) -> None:
        self.warehouse_path = warehouse_path
        self.downloader = downloader  # made when today's puzzle is first asked for
        self._lock = threading.Lock()
        self._cache: dict[tuple[str, str], tuple[float, object]] = {}
        self._reading: dict[tuple[str, str], threading.Lock] = {}
        self._signature: tuple[int, int, int] | None = None

    def kept(self, game: Game, puzzle_id: str) -> object | None:
        """Return a puzzle already read (and still current), or None: what a server answers
        from at once, without waiting for a read."""
        with self._lock:
            self._follow_the_warehouse()
            found = self._cache.get((game.name, puzzle_id))
        if found is None or (puzzle_id == "today" and found[0] <= time.monotonic()):
            return None
        if isinstance(found[1], UnknownPuzzle):
            raise found[1]
        return found[1]

    def cached(self, game: Game, puzzle_id: str, read: Callable[[str], Puzzle]) -> Puzzle:
        """Return a kept value, or read it (one reader per key; other keys do not wait)."""
        key = (game.name, puzzle_id)
        with self._lock:
            self._follow_the_warehouse()
            reading = self._reading.setdefault(key, threading.Lock())
        with reading:
            kept = self._cache.get(key)
            if kept is None or (puzzle_id == "today" and kept[0] <= time.monotonic()):
                try:
                    value: object = read(puzzle_id)
                except UnknownPuzzle as unknown:  # kept too: asking again reads nothing
                    value = unknown
                kept = (time.monotonic() + TODAY_SECONDS, value)
                self._cache[key] = kept
            if isinstance(kept[1], UnknownPuzzle):
                raise kept[1]
            return kept[1]  # type: ignore[return-value]

    def archive_range(self, game: Game) -> dict:
        """Return the first and last archived date of a game and how many puzzles there are."""
        return self.cached(game, "/archive", lambda _: self._read_range(game))

    def connection(self):  # noqa: ANN201 (a context manager of a read-only connection)
        """Return a read-only connection to the warehouse as it is now."""
        from pipeline.storage import warehouse

        if not self.warehouse_path.exists():
            raise UserError("no warehouse yet: run `make dictionary` (or `pipeline scrape`)")
        return warehouse.open_warehouse(self.warehouse_path, read_only=True)

    def nyt_record(self, game: Game, puzzle_id: str) -> Record:
        """Return the NYT's puzzle of a date (stored) or of `today` (live, else the latest
        stored); UnknownPuzzle when there is none."""
        from pipeline.stages import today
        from pipeline.storage.warehouse import WarehouseReader

        if puzzle_id == "today":
            with self.connection() as con:
                record, _, _ = today.find_day(WarehouseReader(con), game, None, self.downloader())
            return record
        try:
            date = dt.date.fromisoformat(puzzle_id)
        except ValueError:
            raise UnknownPuzzle(
                f"no {game.title} puzzle {puzzle_id!r}: an id is a date (YYYY-MM-DD), `today` "
                "or a generated id (g<seed>-<easy|medium|hard|any>-<n>)"
            ) from None
        with self.connection() as con:
            stored = today.stored_record(WarehouseReader(con), game, date)
        if stored is None or stored.date != date:
            raise UnknownPuzzle(f"no {game.title} puzzle stored for {date}")
        return stored

    def _follow_the_warehouse(self) -> None:
        """Forget every puzzle read when the warehouse file was replaced since."""
        try:
            found = os.stat(self.warehouse_path)
            signature = (found.st_ino, found.st_mtime_ns, found.st_size)
        except OSError:
            signature = None
        if signature != self._signature:
            self._cache.clear()
            self._signature = signature

    def _read_range(self, game: Game) -> dict:
        from pipeline.storage import warehouse

        with self.connection() as con:
            warehouse.require_tables(con, game.table("puzzles"), stage_hint="pipeline scrape")
            rows = warehouse.query(con, game.query("play", "range")).rows
        first, last, puzzles = rows[0] if rows else (None, None, 0)
        return {
            "first": first.isoformat() if first else None,
            "last": last.isoformat() if last else None,
            "puzzles": puzzles,
        }
