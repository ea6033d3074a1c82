"""Players' progress in `pipeline serve`: who plays (players and rooms, known by the hash of their
secret), the words each found in each puzzle, their reveals, and their statistics, in a store
named by one setting (`config.progress_store()`): a SQLite file beside the warehouse, which no
stage replaces, or a PostgreSQL database that several machines share. Every server process is
stateless: all it knows of a player is here.

A puzzle is named by its game, its id and its letters: a generated id whose puzzle changes after a
new build starts afresh instead of inheriting words that may not fit. Every change is one
transaction, committed before the server answers, so a killed process loses no word it
acknowledged.

The schema is made in its newest shape (`sql/progress/tables/`); an older store is brought to it
at start-up by the numbered upgrades (`sql/progress/upgrades/NNN_NAME.sql`), each recorded in
`progress_upgrades`, as the warehouse's are.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import secrets
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pipeline.storage.progress_dialects import (
    Dialect,
    Session,
    StoreUnavailable,
    open_dialect,
    redacted,
)
from pipeline.storage.sql_files import SQL_DIR, UPGRADE_FILE

__all__ = [
    "Finder",
    "Progress",
    "PuzzleFacts",
    "PuzzleKey",
    "StoreUnavailable",
    "change_of",
    "redacted",
]

TABLES = SQL_DIR / "progress" / "tables"
UPGRADES = SQL_DIR / "progress" / "upgrades"
PLAYER, ROOM = "player", "room"


# PuzzleKey and PuzzleFacts are flat: their statements' parameters are vars(), without asdict's
# deep copy (a tenth of a guess's time in the server)
@dataclass(frozen=True)
class PuzzleKey:
    """Which puzzle progress belongs to."""

    game: str
    puzzle: str
    letters: str


@dataclass(frozen=True)
class PuzzleFacts:
    """What the statistics need to know of a puzzle, written with each write to it."""

    day: int | None  # an NYT puzzle's date as date.toordinal(); None: generated
    points: int | None = None  # Spelling Bee: every answer's points
    genius: int | None = None  # Spelling Bee: the points Genius needs
    par: int | None = None  # Letter Boxed


@dataclass(frozen=True)
class FoundWord:
    """A word found in a puzzle, with its points (None: found before players)."""

    word: str
    points: int | None


@dataclass(frozen=True)
class PuzzleProgress:
    """An owner's progress in one puzzle."""

    words: list[FoundWord]
    revealed: bool
    solved: bool

    @property
    def found(self) -> list[str]:
        """Return the words found, in order."""
        return [found.word for found in self.words]


@dataclass(frozen=True)
class Finder:
    """Who found a word of a room's puzzle: the player's id and the name they chose (or None)."""

    player: str
    name: str | None


def change_of(owner_id: str, key: PuzzleKey) -> str:
    """Return how a change to an owner's puzzle is named to the live feeds (`progress_feed.py`)."""
    return "|".join((owner_id, key.game, key.puzzle, key.letters))


@dataclass(frozen=True)
class Upgrade:
    """One numbered upgrade of an older store, when it is needed, and the parameters of each of
    its runs (one run with none, for most)."""

    number: int
    name: str
    needed: Callable[[Session, set[str]], bool]  # given the store's table names before the upgrade
    runs: Callable[[Session], list[dict]] = lambda _: [{}]

    @property
    def text(self) -> str:
        return (UPGRADES / f"{self.number:03d}_{self.name}.sql").read_text()


def today_days(session: Session) -> list[dict]:
    """Return each day whose puzzle was kept under the id `today` (by servers before `today` and
    its date were one game), with its date as the server writes it now."""
    days = [row["day"] for row in session.rows("today_played")]
    return [{"day": day, "date": dt.date.fromordinal(day).isoformat()} for day in days]


NEEDED = {  # each upgrade's test of an older shape
    1: lambda _, tables: "found_words" in tables,  # the single table of the store before players
    2: lambda session, tables: "puzzles_played" in tables and bool(today_days(session)),
}
RUNS = {2: today_days}  # the upgrades run once per set of parameters (once per day)


def upgrades() -> list[Upgrade]:
    """Return every upgrade of sql/progress/upgrades/, in number order."""
    found = [UPGRADE_FILE.fullmatch(path.stem) for path in sorted(UPGRADES.glob("[0-9]*.sql"))]
    return [
        Upgrade(int(m[1]), m[2], NEEDED[int(m[1])], RUNS.get(int(m[1]), lambda _: [{}]))
        for m in found
        if m is not None
    ]


def secret_hash(secret: str) -> str:
    """Return what the store keeps of a token or a room's code: its SHA-256, in hex."""
    return hashlib.sha256(secret.encode()).hexdigest()


def now() -> str:
    """Return the time as the store writes it (UTC, ISO 8601)."""
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


class Progress:
    """The progress store: open it once per process (it upgrades an older store), then read and
    write each owner's puzzles."""

    def __init__(self, setting: str | Path) -> None:
        self.dialect: Dialect = open_dialect(setting)
        self._ambient = threading.local()  # a unit of work's session, per thread
        try:
            self.applied = self._upgrade()
        except BaseException:
            self.dialect.close()
            raise

    def close(self) -> None:
        """Close the store's connections."""
        self.dialect.close()

    @contextlib.contextmanager
    def unit(self, write: bool) -> Iterator[None]:
        """Make every read and write of this thread in the block one transaction (a request's
        work: one round of the database's locks, one connection of the pool)."""
        if getattr(self._ambient, "session", None) is not None:
            raise RuntimeError("a unit of work inside another")
        opened = self.dialect.writing() if write else self.dialect.reading()
        with opened as session:
            self._ambient.session, self._ambient.write = session, write
            try:
                yield
            finally:
                self._ambient.session = None

    @contextlib.contextmanager
    def _session(self, write: bool) -> Iterator[Session]:
        """Yield the thread's unit of work when there is one, else a transaction of its own."""
        ambient: Session | None = getattr(self._ambient, "session", None)
        if ambient is not None:
            if write and not self._ambient.write:
                raise RuntimeError("a write inside a unit of work that only reads")
            yield ambient
            return
        with self.dialect.writing() if write else self.dialect.reading() as session:
            yield session

    def _upgrade(self) -> list[Upgrade]:
        """Bring the store to the newest shape (one process at a time); return the upgrades
        applied."""
        applied = []
        with self.dialect.upgrading() as session:
            tables = self.dialect.table_names(session)
            for path in sorted(TABLES.glob("*.sql")):
                session.run_text(path.read_text())
            done = {row["number"] for row in session.rows("upgrades_applied")}
            for upgrade in upgrades():
                if upgrade.number not in done and upgrade.needed(session, tables):
                    for params in upgrade.runs(session):
                        for text in upgrade.text.split(";\n"):
                            session.run_text(text, {"now": now(), **params})
                    params = {"number": upgrade.number, "name": upgrade.name, "applied_at": now()}
                    session.run("upgrade_applied", params)
                    applied.append(upgrade)
        return applied

    # ------------------------------------------------------------------ players and rooms

    def new_owner(self, kind: str) -> tuple[str, str]:
        """Make a player or a room; return its secret (the token or the code), which the store
        keeps only as a hash, and its id."""
        secret = secrets.token_urlsafe(32) if kind == PLAYER else room_code()
        row = {
            "owner_id": secrets.token_hex(16),
            "kind": kind,
            "secret_hash": secret_hash(secret),
            "created_at": now(),
        }
        with self._session(write=True) as session:
            session.run("add_owner", row)
        return secret, row["owner_id"]

    def owner_of(self, kind: str, secret: str) -> str | None:
        """Return the id of the player or room a secret names, or None."""
        with self._session(write=False) as session:
            rows = session.rows("owner_of", {"kind": kind, "secret_hash": secret_hash(secret)})
        return rows[0]["owner_id"] if rows else None

    def has_unclaimed(self) -> bool:
        """Return True while progress from before players waits to be claimed."""
        with self._session(write=False) as session:
            return bool(session.rows("unclaimed_owners")[0]["owners"])

    def claim_unclaimed(self) -> str | None:
        """Make the progress from before players a new player's; return that player's token, or
        None when there is nothing (left) to claim."""
        token = secrets.token_urlsafe(32)
        with self._session(write=True) as session:
            claimed = session.rows("claim_unclaimed", {"secret_hash": secret_hash(token)})
        return token if claimed else None

    def forget(self, owner_id: str) -> None:
        """Forget a player and every puzzle, word and reveal of theirs."""
        with self._session(write=True) as session:
            session.run("forget_owner", {"owner_id": owner_id})

    # ------------------------------------------------------------------ puzzles

    def progress(self, owner_id: str | None, key: PuzzleKey) -> PuzzleProgress:
        """Return an owner's words in a puzzle (none for nobody), and whether they revealed or
        solved it."""
        if owner_id is None:
            return PuzzleProgress([], False, False)
        params = {"owner_id": owner_id, **vars(key)}
        with self._session(write=False) as session:
            rows = session.rows("puzzle_progress", params)
        if not rows:
            return PuzzleProgress([], False, False)
        found = [FoundWord(row["word"], row["points"]) for row in rows if row["word"] is not None]
        return PuzzleProgress(found, bool(rows[0]["revealed"]), bool(rows[0]["solved"]))

    def add_word(
        self,
        owner_id: str,
        key: PuzzleKey,
        facts: PuzzleFacts,
        word: str,
        points: int,
        finder: str | None = None,
    ) -> bool:
        """Keep a word found in a puzzle (by `finder`, a player of a room); return False when it
        was kept before."""
        params = {"owner_id": owner_id, **vars(key)}
        with self._session(write=True) as session:
            session.run("put_puzzle", {**params, **vars(facts)})
            if session.run("add_word", {**params, "word": word, "points": points}) != 1:
                return False
            if finder is not None:
                session.run("put_finder", {**params, "word": word, "finder_id": finder})
            self._changed(session, owner_id, key)
            return True

    def _changed(self, session: Session, owner_id: str, key: PuzzleKey) -> None:
        """Give an owner's puzzle its next version and tell the live feeds, in the write's own
        transaction."""
        session.run("bump_version", {"owner_id": owner_id, **vars(key)})
        self.dialect.announce(session, change_of(owner_id, key))

    def fill_points(self, owner_id: str, key: PuzzleKey, points: dict[str, int]) -> None:
        """Write the points of words found before players (kept without them)."""
        rows = [
            {"owner_id": owner_id, **vars(key), "word": w, "points": p} for w, p in points.items()
        ]
        with self._session(write=True) as session:
            session.run_many("fill_points", rows)

    def replace_chain(
        self,
        owner_id: str,
        key: PuzzleKey,
        facts: PuzzleFacts,
        chain: list[str],
        solved: bool,
        finder: str | None = None,
    ) -> None:
        """Make a puzzle's words exactly this chain, in order, with whether it solves the board
        (without a reveal, the statistics count it); its words not in the chain before were found
        by `finder` (a player of a room)."""
        params = {"owner_id": owner_id, **vars(key)}
        words = [{**params, "position": i, "word": w, "points": 0} for i, w in enumerate(chain, 1)]
        with self._session(write=True) as session:
            session.run("put_puzzle", {**params, **vars(facts)})
            before = session.rows("puzzle_progress", params)  # put just now: one row at least
            session.run("clear_words", params)
            session.run_many("put_word", words)
            solved_now = int(solved and not before[0]["revealed"])
            session.run("set_solved", {**params, "solved": solved_now})
            if finder is not None:
                kept = {row["word"] for row in before}
                new = [{**params, "word": w, "finder_id": finder} for w in chain if w not in kept]
                session.run_many("put_finder", new)
            self._changed(session, owner_id, key)

    def clear(self, owner_id: str, key: PuzzleKey) -> None:
        """Forget an owner's words in a puzzle (they start it again; a reveal stays known)."""
        params = {"owner_id": owner_id, **vars(key)}
        with self._session(write=True) as session:
            session.run("clear_words", params)
            session.run("clear_finders", params)
            session.run("set_solved", {**params, "solved": 0})
            self._changed(session, owner_id, key)

    def reveal(self, owner_id: str, key: PuzzleKey, facts: PuzzleFacts) -> None:
        """Record that an owner was shown a puzzle's answers."""
        params = {"owner_id": owner_id, **vars(key)}
        with self._session(write=True) as session:
            session.run("put_puzzle", {**params, **vars(facts)})
            session.run("reveal", params)
            self._changed(session, owner_id, key)

    def version(self, owner_id: str | None, key: PuzzleKey) -> int:
        """Return the version of an owner's puzzle: 0 before any write, then higher at each."""
        if owner_id is None:
            return 0
        with self._session(write=False) as session:
            rows = session.rows("version_of", {"owner_id": owner_id, **vars(key)})
        return int(rows[0]["version"]) if rows else 0

    def finders(self, owner_id: str | None, key: PuzzleKey) -> dict[str, Finder]:
        """Return who found each word of an owner's puzzle (a room's), where it is known."""
        if owner_id is None:
            return {}
        with self._session(write=False) as session:
            rows = session.rows("finders", {"owner_id": owner_id, **vars(key)})
        return {row["word"]: Finder(row["finder_id"], row["name"]) for row in rows}

    def name(self, player: str | None) -> str | None:
        """Return the name a player chose to be shown by, or None."""
        if player is None:
            return None
        with self._session(write=False) as session:
            rows = session.rows("name_of", {"owner_id": player})
        return rows[0]["name"] if rows else None

    def set_name(self, player: str, name: str | None) -> None:
        """Give a player a name (checked by the caller: `serve/rooms.py`), or None for none."""
        with self._session(write=True) as session:
            if name is None:
                session.run("clear_name", {"owner_id": player})
            else:
                session.run("set_name", {"owner_id": player, "name": name})

    def statistics(self, owner_id: str | None, today: dt.date) -> dict[str, dict[str, int]]:
        """Return an owner's statistics by game (games never played are left out)."""
        if owner_id is None:
            return {}
        params = {"owner_id": owner_id, "today": today.toordinal()}
        with self._session(write=False) as session:
            rows = session.rows("statistics", params)
        return {row.pop("game"): row for row in rows}


def room_code() -> str:
    """Return a new room's code: 16 letters and digits (79 bits), none of them easy to misread."""
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i
    return "".join(secrets.choice(alphabet) for _ in range(16))
