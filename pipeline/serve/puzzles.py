"""The puzzles `pipeline serve` plays, read by their ids and kept: each game's `play.py` reads and
judges its own (`games/<slug>/play.py`); this cache, one per server process, keeps what they read.

Puzzles are read once and kept; a new warehouse (a build replaced the file) empties the cache, so
the server follows builds without a restart. Today's puzzle is asked for again after
TODAY_SECONDS. What a game works out once per puzzle for later requests (its clues) is prepared
in a thread of the cache's own as soon as the puzzle is read (`prepare`), so that the puzzle is
answered without waiting for it and the request that needs it rarely waits. The warehouse's identity (its builds and its last scrape) names what every answer
that is the same for all players was made from: their ETag.
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from pipeline import config
from pipeline.errors import UserError
from pipeline.games import GAMES, Game
from pipeline.games.generated import GENERATED_ID, ID_FORMAT
from pipeline.games.hooks import hooks_of
from pipeline.games.play import UnknownPuzzle

if TYPE_CHECKING:  # the warehouse (DuckDB) and requests load with the first puzzle read
    from pipeline.model.clues import Clue
    from pipeline.sources.records import Record
    from pipeline.storage.download import Downloader

TODAY_SECONDS = 600  # how long today's puzzle is kept before the live page is asked again

Puzzle = TypeVar("Puzzle")
log = logging.getLogger("pipeline.serve")


class Puzzles:
    """Every puzzle the server has read, by game and id, for the warehouse file as it is now."""

    def __init__(self, warehouse_path: Path, downloader: Callable[[], Downloader]) -> None:
        self.warehouse_path = warehouse_path
        self.downloader = downloader  # made when today's puzzle is first asked for
        self._lock = threading.Lock()
        self._cache: dict[tuple[str, str], tuple[float, object]] = {}
        self._reading: dict[tuple[str, str], threading.Lock] = {}
        self._signature: tuple[int, int, int] | None = None
        self._preparing: ThreadPoolExecutor | None = None  # made at the first `prepare`

    def prepare(self, work: Callable[[], object]) -> None:
        """Start work that keeps a value in this cache (`cached`), in the cache's own thread: a
        request that asks for the value meanwhile waits for that read instead of starting its
        own. A failure is the asking request's to report (it reads again), so none is raised."""
        with self._lock:
            if self._preparing is None:
                self._preparing = ThreadPoolExecutor(1, thread_name_prefix="prepare")
            self._preparing.submit(self._prepared, work)

    @staticmethod
    def _prepared(work: Callable[[], object]) -> None:
        try:
            work()
        except UserError:
            pass  # the warehouse cannot give it (no WordNet yet): the request will say so
        except Exception:
            log.exception("fault preparing a puzzle's values; a request will read them again")

    def close(self) -> None:
        """Stop preparing (what is under way is dropped with the process)."""
        if self._preparing is not None:
            self._preparing.shutdown(wait=False, cancel_futures=True)

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
        return self._cached((game.name, puzzle_id), read)

    def _cached(self, key: tuple[str, str], read: Callable[[str], Puzzle]) -> Puzzle:
        puzzle_id = key[1]
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
                except UserError as error:
                    if not (GENERATED_ID.fullmatch(puzzle_id) and self.warehouse_path.exists()):
                        raise
                    # the lists cannot make this puzzle: no puzzle has the id, as a 404 says
                    value = UnknownPuzzle(f"no generated puzzle {puzzle_id}: {error}")
                kept = (time.monotonic() + TODAY_SECONDS, value)
                self._cache[key] = kept
            if isinstance(kept[1], UnknownPuzzle):
                raise kept[1]
            return kept[1]  # type: ignore[return-value]

    def archive(self, game: Game) -> dict:
        """Return a game's archive: its first and last date, how many puzzles, and its runs of
        consecutive dates (`first`, `last`) with the gaps between them."""
        return self.cached(game, "/archive", lambda _: self._read_archive(game))

    def latest_day(self, offline: bool) -> dt.date:
        """Return the latest NYT puzzle day: today's when online, else the latest stored of any
        game (today's when none is stored): the day a streak must reach, or the day before."""
        if not offline:
            return dt.date.today()
        try:
            lasts = [self.archive(game)["last"] for game in GAMES if hooks_of(game).api()]
        except UserError:  # no warehouse yet
            return dt.date.today()
        stored = [dt.date.fromisoformat(last) for last in lasts if last]
        return max(stored, default=dt.date.today())

    def identity(self) -> str:
        """Return what names the warehouse's contents as they are now: each game's build and the
        last scrape (the same on every machine that serves a copy of the file)."""
        return self._cached(("", "/identity"), lambda _: self._read_identity())

    def connection(self):  # noqa: ANN201 (a context manager of a read-only connection)
        """Return a read-only connection to the warehouse as it is now."""
        from pipeline.storage import warehouse

        if not self.warehouse_path.exists():
            raise UserError(config.missing_warehouse(self.warehouse_path))
        return warehouse.open_warehouse(self.warehouse_path, read_only=True)

    def answer_clues(self, answers: Sequence[str]) -> dict[str, Clue | None]:
        """Return the clue of each of a puzzle's answers, from WordNet's tables of the warehouse
        (`stages/clues.py`)."""
        from pipeline.sources.wordnet import CLUE_TABLES
        from pipeline.stages import clues
        from pipeline.storage import warehouse

        with self.connection() as con:
            warehouse.require_tables(con, *CLUE_TABLES, stage_hint="pipeline words")
            return clues.answer_clues(con, answers)

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
                f"or a generated id ({ID_FORMAT})"
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

    def _read_archive(self, game: Game) -> dict:
        from pipeline.storage import warehouse

        with self.connection() as con:
            puzzles = game.table("puzzles")
            warehouse.require_tables(con, puzzles, stage_hint="pipeline scrape")
            runs = warehouse.query(con, "play/archive_runs", {"puzzles": puzzles})
        firsts, lasts = runs.column("first"), runs.column("last")
        gaps = [
            {
                "first": (last + dt.timedelta(days=1)).isoformat(),
                "last": (first - dt.timedelta(days=1)).isoformat(),
            }
            for last, first in zip(lasts, firsts[1:], strict=False)
        ]
        return {
            "first": firsts[0].isoformat() if firsts else None,
            "last": lasts[-1].isoformat() if lasts else None,
            "puzzles": sum(runs.column("puzzles")),
            "ranges": [
                {"first": first.isoformat(), "last": last.isoformat()}
                for first, last in zip(firsts, lasts, strict=True)
            ],
            "gaps": gaps,
        }

    def _read_identity(self) -> str:
        from pipeline.storage import warehouse

        with self.connection() as con:
            builds = []
            if warehouse.table_exists(con, "dictionary_rules"):
                builds = warehouse.query(con, "play/builds").rows
            scrapes = []
            if warehouse.table_exists(con, "scrape_runs"):
                scrapes = warehouse.query(con, "play/last_scrape").rows
        return repr((builds, scrapes))
