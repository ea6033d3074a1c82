"""The puzzles `pipeline serve` plays, read by their ids and kept: the one read path of every game.
A game says only how a puzzle is read by its id and what is worked out of it for later requests
(its `GameApi`'s `read` and `prepare`, in `games/<slug>/`); this cache, one per server process,
reads each once, keeps it and prepares it.

Everything kept is in one cache, capped in entries and in bytes (`Limits.cache_entries`,
`cache_mb`), the least recently used out first (cachetools' LRUCache). A value's size is an
estimate made when it is kept (`estimated_bytes`: `sys.getsizeof` over its parts, or a value's own
`nbytes()`). An id no puzzle can have (longer than the longest, MAX_ID_LENGTH) is UnknownPuzzle
before any work, and an unknown id is answered without being kept. A generated puzzle not kept is
made one at a time per process (its draw takes up to a second and tens of MB while it runs), after
the asking client pays for it (`spend`: the generation budget, `limits.py`).

A new warehouse (a build replaced the file) empties the cache, so the server follows builds
without a restart. Today's puzzle is asked for again after TODAY_SECONDS. What a game works out
once per puzzle for later requests (its clues) is prepared in a thread of the cache's own as soon
as the puzzle is read (at most PREPARING waiting; past that the request that needs it works it
out), so that the puzzle is answered without waiting for it. The warehouse's identity (its builds
and its last scrape) names what every answer that is the same for all players was made from: their
ETag.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from cachetools import LRUCache

from pipeline import config
from pipeline.errors import UserError
from pipeline.games import GAMES, Game
from pipeline.games.generated import GENERATED_ID, ID_FORMAT, MAX_ID_LENGTH
from pipeline.games.hooks import hooks_of
from pipeline.games.play import UnknownPuzzle

if TYPE_CHECKING:  # the warehouse (DuckDB) and requests load with the first puzzle read
    from pipeline.games.api import GameApi
    from pipeline.model.clues import Clue
    from pipeline.sources.records import Record
    from pipeline.storage.download import Downloader

TODAY_SECONDS = 600  # how long today's puzzle is kept before the live page is asked again
PREPARING = 8  # puzzles waiting to be prepared at most (past that, a request works it out)
ENTRY_BYTES = 200  # what an entry costs the cache besides its value: its key and its links
GENERATING = 1  # generated puzzles made at once per process

Value = TypeVar("Value")
Key = tuple[str, str]
log = logging.getLogger("pipeline.serve")


class Puzzles:
    """Every puzzle the server has read, by game and id, for the warehouse file as it is now,
    with what was worked out of each, within the cache's caps."""

    def __init__(
        self,
        warehouse_path: Path,
        downloader: Callable[[], Downloader],
        entries: int = 2000,
        megabytes: float = 64,
    ) -> None:
        self.warehouse_path = warehouse_path
        self.downloader = downloader  # made when today's puzzle is first asked for
        self.entries = entries
        self._lock = threading.Lock()
        self._kept: LRUCache[Key, tuple[float, object]] = LRUCache(
            maxsize=max(1, int(megabytes * 1024 * 1024)), getsizeof=kept_bytes
        )
        self._reading: dict[Key, Future] = {}  # the reads under way (one per key)
        self._generating = threading.Semaphore(GENERATING)
        self._signature: tuple[int, int, int] | None = None
        self._preparing: ThreadPoolExecutor | None = None  # made at the first `prepare`
        self._waiting = 0  # puzzles waiting to be prepared

    # ------------------------------------------------------------------ the read path

    def kept(self, game: Game, puzzle_id: str) -> object | None:
        """Return a puzzle already read (and still current), or None: what a server answers
        from at once, without waiting for a read."""
        with self._lock:
            self._follow_the_warehouse()
            return self._fresh((game.name, puzzle_id))

    def puzzle(
        self, game: Game, api: GameApi, puzzle_id: str, spend: Callable[[], None] = lambda: None
    ) -> object:
        """Return a game's puzzle of an id, read once (UnknownPuzzle when there is none); what
        the game prepares of it (its clues) starts as soon as it is read. A generated puzzle not
        kept is paid for first (`spend` raises when the client cannot) and made one at a time."""
        if len(puzzle_id) > MAX_ID_LENGTH:
            raise UnknownPuzzle(
                f"no {game.title} puzzle has an id over {MAX_ID_LENGTH} characters: an id is a "
                f"date (YYYY-MM-DD), `today` or a generated id ({ID_FORMAT})"
            )

        def read() -> object:
            if GENERATED_ID.fullmatch(puzzle_id):
                spend()
                with self._generating:
                    found = self._generated(puzzle_id, lambda: api.read(self, puzzle_id))
            else:
                found = api.read(self, puzzle_id)
            if api.prepare is not None:
                prepare = api.prepare
                self.prepare(lambda: prepare(self, found))
            return found

        return self._cached((game.name, puzzle_id), read)

    def cached(self, game: Game, key: str, read: Callable[[str], Value]) -> Value:
        """Return a kept value, or read it (one reader per key; other keys do not wait)."""
        return self._cached((game.name, key), lambda: read(key))

    def _generated(self, puzzle_id: str, read: Callable[[], Value]) -> Value:
        try:
            return read()
        except UnknownPuzzle:
            raise
        except UserError as error:
            if not self.warehouse_path.exists():
                raise
            # the lists cannot make this puzzle: no puzzle has the id, as a 404 says
            raise UnknownPuzzle(f"no generated puzzle {puzzle_id}: {error}") from None

    def _cached(self, key: Key, read: Callable[[], Value]) -> Value:
        with self._lock:
            self._follow_the_warehouse()
            found = self._fresh(key)
            if found is not None:
                return found  # type: ignore[return-value]
            under_way = self._reading.get(key)
            if under_way is None:
                mine: Future = Future()
                self._reading[key] = mine
        if under_way is not None:
            return under_way.result()  # another request's read (or its UnknownPuzzle)
        try:
            value = read()
            mine.set_result(value)
        except BaseException as error:  # an unknown id is answered, not kept
            mine.set_exception(error)
            raise
        finally:
            with self._lock:
                del self._reading[key]
        with self._lock:
            self._keep(key, value)
        return value

    def _fresh(self, key: Key) -> object | None:
        """Return a kept value that is still current (the lock held), else None."""
        found = self._kept.get(key)
        if found is None or (key[1] == "today" and found[0] <= time.monotonic()):
            return None
        return found[1]

    def _keep(self, key: Key, value: object) -> None:
        """Keep a value (the lock held), the least recently used out first to make room; a value
        over the whole cap is not kept."""
        if value is None:
            return
        try:
            self._kept[key] = (time.monotonic() + TODAY_SECONDS, value)
        except ValueError:  # larger than the cache
            return
        while len(self._kept) > self.entries:
            self._kept.popitem()

    def usage(self) -> tuple[int, int]:
        """Return how many values the cache keeps and their estimated bytes."""
        with self._lock:
            return len(self._kept), int(self._kept.currsize)

    def caps(self) -> tuple[int, int]:
        """Return the cache's caps: entries and bytes."""
        return self.entries, int(self._kept.maxsize)

    # ------------------------------------------------------------------ preparing

    def prepare(self, work: Callable[[], object]) -> None:
        """Start work that keeps a value in this cache (`cached`), in the cache's own thread: a
        request that asks for the value meanwhile waits for that read instead of starting its
        own. A failure is the asking request's to report (it reads again), so none is raised;
        past PREPARING waiting, the work is dropped (the request that needs it does it)."""
        with self._lock:
            if self._waiting >= PREPARING:
                return
            self._waiting += 1
            if self._preparing is None:
                self._preparing = ThreadPoolExecutor(1, thread_name_prefix="prepare")
            self._preparing.submit(self._prepared, work)

    def _prepared(self, work: Callable[[], object]) -> None:
        with self._lock:
            self._waiting -= 1
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

    # ------------------------------------------------------------------ the warehouse

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
        return self._cached(("", "/identity"), self._read_identity)

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
        from pipeline.games import days
        from pipeline.storage.warehouse import WarehouseReader

        if puzzle_id == "today":
            with self.connection() as con:
                record, _, _ = days.find_day(WarehouseReader(con), game, None, self.downloader())
            return record
        try:
            date = dt.date.fromisoformat(puzzle_id)
        except ValueError:
            raise UnknownPuzzle(
                f"no {game.title} puzzle {puzzle_id!r}: an id is a date (YYYY-MM-DD), `today` "
                f"or a generated id ({ID_FORMAT})"
            ) from None
        stored = None
        if self.holds_day(game, date):  # a date outside the archive's runs costs no read
            with self.connection() as con:
                stored = days.stored_record(WarehouseReader(con), game, date)
        if stored is None or stored.date != date:
            raise UnknownPuzzle(f"no {game.title} puzzle stored for {date}")
        return stored

    def holds_day(self, game: Game, date: dt.date) -> bool:
        """Return whether a date falls in one of the game's runs of stored days (the archive,
        read once): an unknown date is a 404 without opening the warehouse."""
        day = date.isoformat()
        return any(run["first"] <= day <= run["last"] for run in self.archive(game)["ranges"])

    def _follow_the_warehouse(self) -> None:
        """Forget every puzzle read when the warehouse file was replaced since."""
        try:
            found = os.stat(self.warehouse_path)
            signature = (found.st_ino, found.st_mtime_ns, found.st_size)
        except OSError:
            signature = None
        if signature != self._signature:
            self._kept.clear()
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


def kept_bytes(kept: tuple[float, object]) -> int:
    """Return what a kept value costs the cache: its estimated bytes and its entry's."""
    return estimated_bytes(kept[1]) + ENTRY_BYTES


def estimated_bytes(value: object, seen: set[int] | None = None) -> int:
    """Return an estimate of the memory a value holds: its own `nbytes()` when it has one, else
    `sys.getsizeof` of it and of every part it holds (containers, dataclasses' fields and
    attributes), each object once. An estimate: the allocator's own overhead is not counted."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return 0
    seen.add(id(value))
    nbytes = getattr(value, "nbytes", None)
    if callable(nbytes):
        return int(nbytes())
    size = sys.getsizeof(value)
    parts: Any = ()
    if isinstance(value, dict):
        parts = [*value.keys(), *value.values()]
    elif isinstance(value, list | tuple | set | frozenset):
        parts = value
    elif dataclasses.is_dataclass(value) or hasattr(value, "__dict__"):
        parts = list(vars(value).values()) if hasattr(value, "__dict__") else []
    elif hasattr(value, "__slots__"):
        parts = [getattr(value, name, None) for name in value.__slots__]
    return size + sum(estimated_bytes(part, seen) for part in parts)
