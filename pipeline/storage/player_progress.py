"""Players' progress in `pipeline serve`: who plays (players and rooms, known by the hash of their
secret), the words each found in each puzzle, their reveals, and their statistics, in a store
named by one setting (`config.progress_store()`): a SQLite file beside the warehouse, which no
stage replaces, or a PostgreSQL database that several machines share. Every server process is
stateless: all it knows of a player is here.

A puzzle is named by its game, its id and its letters: a generated id whose puzzle changes after a
new build starts afresh instead of inheriting words that may not fit. A request names whose
progress it is by the hashes of a token and a room's code (`Who`): the store finds the owner in the
same statement or function. Every change is one transaction, committed before the server
answers, so a killed process loses no word it acknowledged: on PostgreSQL one function in one
round trip (`sql/progress/functions/`), on SQLite the same steps in Python. Players and rooms
never written to, or idle for long, are forgotten (`purge`).

The schema is made in its newest shape (`sql/progress/tables/`); an older store is brought to it
at start-up by the numbered upgrades (`sql/progress/upgrades/NNN_NAME.sql`), each recorded in
`progress_upgrades`, as the warehouse's are.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import logging
import secrets
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pipeline.errors import UserError
from pipeline.storage.progress_dialects import (
    Dialect,
    Row,
    Session,
    StoreUnavailable,
    dialect_threads,
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
    "Who",
    "change_of",
    "redacted",
]

TABLES = SQL_DIR / "progress" / "tables"
UPGRADES = SQL_DIR / "progress" / "upgrades"
FUNCTIONS = SQL_DIR / "progress" / "functions"  # PostgreSQL's: each write in one round trip
log = logging.getLogger("pipeline.serve")
PLAYER, ROOM = "player", "room"
OPENING_SECONDS = 3.0  # how long a request waits for another's try at opening the store


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
    version: int = 0  # higher after each write to it (0: never written to)

    @property
    def found(self) -> list[str]:
        """Return the words found, in order."""
        return [found.word for found in self.words]


@dataclass(frozen=True)
class Upgrade:
    """One numbered upgrade of an older store, when it is needed, and the parameters of each of
    its runs (one run with none, for most)."""

    number: int
    name: str
    # given the store's tables before the upgrade, each with its columns
    needed: Callable[[Session, dict[str, set[str]]], bool]
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
    3: lambda _, tables: "written_at" not in tables.get("owners", {"written_at"}),
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


class UnknownOwner(LookupError):
    """A request named a player or a room the store does not know (`kind`)."""

    def __init__(self, kind: str) -> None:
        super().__init__(f"no such {kind}")
        self.kind = kind


@dataclass(frozen=True)
class Who:
    """Whose progress a request reads or writes, as it names them: the hash of a player's token
    and of a room's code (None: not named); the room's when it names one, else the player's. A
    write that names neither makes the player `new` first (its id and its token's hash)."""

    player: str | None
    room: str | None
    new: tuple[str, str] | None = None

    @classmethod
    def named(cls, token: str | None, room: str | None = None, new: str | None = None) -> Who:
        """Return who a request names by its token and room code, and the token of the player a
        write makes when it names neither (`new`)."""
        return cls(
            None if token is None else secret_hash(token),
            None if room is None else secret_hash(room),
            None if new is None else (secrets.token_hex(16), secret_hash(new)),
        )


@dataclass(frozen=True)
class Written:
    """What a write did: whether it changed something (a word kept: it was new), whether it made
    the player (`Who.new`), and the progress in the puzzle after it."""

    changed: bool
    made: bool
    progress: PuzzleProgress


NOBODY = PuzzleProgress([], False, False)


def written_minute() -> str:
    """Return the time an owner's last write is kept as: now, to the minute."""
    return dt.datetime.now(dt.UTC).replace(second=0).isoformat(timespec="seconds")


def progress_from(rows: list[Row]) -> PuzzleProgress:
    """Return the progress of progress_of.sql's rows (or a write function's)."""
    found = [FoundWord(row["word"], row["points"]) for row in rows if row["word"] is not None]
    first = rows[0] if rows else {}
    revealed, solved = bool(first.get("revealed")), bool(first.get("solved"))
    return PuzzleProgress(found, revealed, solved, int(first.get("version") or 0))


@dataclass(frozen=True)
class Finder:
    """Who found a word of a room's puzzle: the name they chose (or None), and whether it is the
    player asking."""

    name: str | None
    mine: bool


def change_of(owner_id: str, key: PuzzleKey) -> str:
    """Return how a change to an owner's puzzle is named to the live feeds (`progress_feed.py`;
    PostgreSQL's write functions name it the same way, `progress_changed`)."""
    return "|".join((owner_id, key.game, key.puzzle, key.letters))


class Progress:
    """The progress store: open it once per process (it upgrades an older store), then read and
    write each owner's puzzles. `when_reachable`: a store that cannot be reached yet is opened at
    its first use instead, each use until then StoreUnavailable (a server's worker starts, and
    answers 503 on the routes that need the store until it is back)."""

    def __init__(self, setting: str | Path, when_reachable: bool = False) -> None:
        self.setting = setting
        self.threads = dialect_threads(setting)
        self._ambient = threading.local()  # a unit of work's session, per thread
        self._opening = threading.Lock()
        self._dialect: Dialect | None = None
        self.applied: list[Upgrade] = []
        try:
            self._open()
        except UserError as error:
            if not when_reachable:
                raise
            log.warning("%s; the routes that need it answer 503 until it is back", error)

    def _open(self) -> Dialect:
        dialect = open_dialect(self.setting)
        try:
            self.applied = self._upgrade(dialect)
        except BaseException:
            dialect.close()
            raise
        self._dialect = dialect
        return dialect

    @property
    def dialect(self) -> Dialect:
        """Return the open store; opened now when it was not reachable before (one thread at a
        time tries, the others wait for it; StoreUnavailable when it still cannot be reached)."""
        if self._dialect is not None:
            return self._dialect
        if not self._opening.acquire(timeout=OPENING_SECONDS):
            raise StoreUnavailable("the progress store cannot be reached yet")
        try:
            return self._dialect or self._open()
        except UserError as error:
            raise StoreUnavailable(str(error)) from None
        finally:
            self._opening.release()

    def close(self) -> None:
        """Close the store's connections."""
        if self._dialect is not None:
            self._dialect.close()

    @contextlib.contextmanager
    def unit(self, write: bool) -> Iterator[None]:
        """Make every read and write of this thread in the block one transaction (a request's
        work: one round of the database's locks): SQLite's; on PostgreSQL each read is one
        statement and each write one function, so the block adds nothing."""
        if getattr(self._ambient, "session", None) is not None:
            raise RuntimeError("a unit of work inside another")
        dialect = self.dialect
        if dialect.functions:
            yield
            return
        with dialect.writing() if write else dialect.reading() as session:
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

    def _upgrade(self, dialect: Dialect) -> list[Upgrade]:
        """Bring the store to the newest shape (one process at a time), with PostgreSQL's
        functions; return the upgrades applied."""
        applied = []
        with dialect.upgrading() as session:
            tables = dialect.table_columns(session)
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
            for path in sorted(FUNCTIONS.glob("*.sql")) if dialect.functions else ():
                session.run_text(path.read_text())
        return applied

    def purge(self, at: dt.datetime, unused: dt.timedelta, idle: dt.timedelta) -> int:
        """Forget the players and rooms never written to, made over `unused` before `at`, and
        those last written to over `idle` before it (one process at a time); return how many."""
        params = {
            "unused_before": (at - unused).isoformat(timespec="seconds"),
            "idle_before": (at - idle).isoformat(timespec="seconds"),
        }
        with self.dialect.upgrading() as session:
            return session.run("purge", params)

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
        params = {"secret_hash": secret_hash(token), "written_at": written_minute()}
        with self._session(write=True) as session:
            claimed = session.rows("claim_unclaimed", params)
        return token if claimed else None

    def forget(self, who: Who) -> None:
        """Forget the player named and every puzzle, word and reveal of theirs (one statement);
        UnknownOwner when there is none."""
        with self._session(write=True) as session:
            if not session.rows("forget_player", {"secret_hash": who.player}):
                raise UnknownOwner(PLAYER)

    # ------------------------------------------------------------------ puzzles

    def progress(self, who: Who, key: PuzzleKey) -> PuzzleProgress:
        """Return the words in a puzzle of whom a request names (none for nobody), and whether
        they revealed or solved it (one statement); UnknownOwner for a wrong name."""
        if who.player is None and who.room is None:
            return NOBODY
        params = {"player": who.player, "room": who.room, **vars(key)}
        with self._session(write=False) as session:
            rows = session.rows("progress_of", params)
        if rows[0]["unknown_player"]:
            raise UnknownOwner(PLAYER)
        if rows[0]["unknown_room"]:
            raise UnknownOwner(ROOM)
        return progress_from(rows)

    def add_word(
        self, who: Who, key: PuzzleKey, facts: PuzzleFacts, word: str, points: int
    ) -> Written:
        """Keep a word found in a puzzle (`changed`: it was not kept before); in a room, the
        player who sent it found it."""
        params = {**vars(key), **vars(facts), "word": word, "word_points": points}

        def steps(session: Session, owner: str, finder: str | None) -> bool:
            session.run("put_puzzle", {"owner_id": owner, **vars(key), **vars(facts)})
            added = {"owner_id": owner, **vars(key), "word": word, "points": points}
            if session.run("add_word", added) != 1:
                return False
            put_finders(session, owner, key, [word], finder)
            return True

        return self._write("add_word", who, key, params, steps)

    def replace_chain(
        self, who: Who, key: PuzzleKey, facts: PuzzleFacts, chain: list[str], solved: bool
    ) -> Written:
        """Make a puzzle's words exactly this chain, in order, with whether it solves the board
        (without a reveal, the statistics count it); in a room, its words not in the chain
        before were found by the player who sent it."""
        params = {**vars(key), **vars(facts), "words": chain, "solved": int(solved)}

        def steps(session: Session, owner: str, finder: str | None) -> bool:
            found = {"owner_id": owner, **vars(key)}
            session.run("put_puzzle", {**found, **vars(facts)})
            before = session.rows("puzzle_progress", found)  # put just now: one row at least
            session.run("clear_words", found)
            words = [
                {**found, "position": i, "word": w, "points": 0} for i, w in enumerate(chain, 1)
            ]
            session.run_many("put_word", words)
            solved_now = int(solved and not before[0]["revealed"])
            session.run("set_solved", {**found, "solved": solved_now})
            kept = {row["word"] for row in before}
            put_finders(session, owner, key, [w for w in chain if w not in kept], finder)
            return True

        return self._write("replace_chain", who, key, params, steps)

    def clear(self, who: Who, key: PuzzleKey) -> Written:
        """Forget an owner's words in a puzzle and who found them (they start it again; a reveal
        stays known); nobody named: nothing to forget."""

        def steps(session: Session, owner: str, finder: str | None) -> bool:
            session.run("clear_words", {"owner_id": owner, **vars(key)})
            session.run("clear_finders", {"owner_id": owner, **vars(key)})
            session.run("set_solved", {"owner_id": owner, **vars(key), "solved": 0})
            return True

        return self._write("clear", who, key, vars(key), steps, make=False)

    def reveal(self, who: Who, key: PuzzleKey, facts: PuzzleFacts) -> Written:
        """Record that an owner was shown a puzzle's answers."""

        def steps(session: Session, owner: str, finder: str | None) -> bool:
            session.run("put_puzzle", {"owner_id": owner, **vars(key), **vars(facts)})
            session.run("reveal", {"owner_id": owner, **vars(key)})
            return True

        return self._write("reveal", who, key, {**vars(key), **vars(facts)}, steps)

    def fill_points(self, who: Who, key: PuzzleKey, points: dict[str, int]) -> None:
        """Write the points of words found before players (kept without them)."""
        with self._session(write=True) as session:
            owner, _, _ = self._owner(session, who, make=False)
            rows = [
                {"owner_id": owner, **vars(key), "word": w, "points": p} for w, p in points.items()
            ]
            session.run_many("fill_points", rows)

    def _write(
        self,
        name: str,
        who: Who,
        key: PuzzleKey,
        params: dict,
        steps: Callable[[Session, str, str | None], bool],
        make: bool = True,
    ) -> Written:
        """Run a write in one round trip: PostgreSQL's function `progress_NAME`
        (sql/progress/functions/), or SQLite's steps in the unit's transaction, with the owner
        `who` names (a player `who.new` made first when `make`; in a room, the finder of its
        words) and, when it changed something, the puzzle's next version (a live feed's
        notice); UnknownOwner for a wrong name."""
        new_owner, new_secret = who.new if make and who.new else (None, None)
        minute = written_minute()
        dialect = self.dialect
        if dialect.functions:
            owner_params = {"player": who.player, "room": who.room, "new_owner": new_owner}
            owner_params |= {"new_secret": new_secret, "now": now(), "written_at": minute}
            rows = dialect.call(f"progress_{name}", {**owner_params, **params})
            status = rows[0]["status"]
            if status in UNKNOWN:
                raise UnknownOwner(UNKNOWN[status])
            return Written(bool(rows[0]["changed"]), status == "made", progress_from(rows))
        with self._session(write=True) as session:
            owner, made, player = self._owner(session, who, make)
            if owner is None:
                return Written(False, False, NOBODY)
            changed = steps(session, owner, player if who.room is not None else None)
            if changed:
                session.run("bump_version", {"owner_id": owner, **vars(key)})
            found = session.rows("puzzle_progress", {"owner_id": owner, **vars(key)})
        return Written(changed, made, progress_from(found))

    def _owner(self, session: Session, who: Who, make: bool) -> tuple[str | None, bool, str | None]:
        """Return the owner a write changes (progress_owner's steps, sql/progress/functions/):
        the room named, else the player; whether the player `who.new` was made now (`make`,
        when the request names none: outside a room, its owner, in a room, its words' finder);
        and the player. The owner's last write is now."""
        player = room = None
        if who.player is not None:
            player = self._named(session, PLAYER, who.player)
        if who.room is not None:
            room = self._named(session, ROOM, who.room)
        minute, made = written_minute(), False
        if player is None and make and who.new:
            row = {"owner_id": who.new[0], "secret_hash": who.new[1]}
            session.run("add_player", {**row, "created_at": now(), "written_at": minute})
            player, made = who.new[0], True
        owner = room if who.room is not None else player
        if owner is not None and not (made and owner == player):
            session.run("touch_owner", {"owner_id": owner, "written_at": minute})
        return owner, made, player

    @staticmethod
    def _named(session: Session, kind: str, hashed: str) -> str:
        rows = session.rows("owner_of", {"kind": kind, "secret_hash": hashed})
        if not rows:
            raise UnknownOwner(kind)
        return rows[0]["owner_id"]

    # ------------------------------------------------------------------ rooms

    def room_owner(self, who: Who) -> str:
        """Return the id of the room named (the owner its live feed names); UnknownOwner when
        there is none."""
        if who.room is None:
            raise UnknownOwner(ROOM)
        with self._session(write=False) as session:
            return self._named(session, ROOM, who.room)

    def finders(self, who: Who, key: PuzzleKey) -> dict[str, Finder]:
        """Return who found each word of a room's puzzle, where it is known (outside a room:
        nothing)."""
        if who.room is None:
            return {}
        with self._session(write=False) as session:
            params = {"player": who.player, "owner_id": self._named(session, ROOM, who.room)}
            rows = session.rows("finders", {**params, **vars(key)})
        return {row["word"]: Finder(row["name"], bool(row["mine"])) for row in rows}

    def name(self, who: Who) -> str | None:
        """Return the name the player named chose to be shown by in a room, or None."""
        if who.player is None:
            return None
        with self._session(write=False) as session:
            rows = session.rows("name_of", {"owner_id": self._named(session, PLAYER, who.player)})
        return rows[0]["name"] if rows else None

    def set_name(self, who: Who, name: str | None) -> Written:
        """Give the player named a name (checked by the caller: `serve/rooms.py`), or None for
        none; a request naming no player makes one (`who.new`)."""
        with self._session(write=True) as session:
            _, made, player = self._owner(session, Who(who.player, None, who.new), make=True)
            if name is None:
                session.run("clear_name", {"owner_id": player})
            else:
                session.run("set_name", {"owner_id": player, "name": name})
        return Written(True, made, NOBODY)

    def statistics(self, who: Who, today: dt.date) -> dict[str, dict[str, int]]:
        """Return the statistics by game of the player named (games never played are left out;
        none named: none); UnknownOwner for a wrong name."""
        if who.player is None:
            return {}
        with self._session(write=False) as session:
            owner = self._named(session, PLAYER, who.player)
            rows = session.rows("statistics", {"owner_id": owner, "today": today.toordinal()})
        return {row.pop("game"): row for row in rows}


ROOM_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: none easy to misread
ROOM_CODE_LENGTH = 16
UNKNOWN = {"unknown-player": PLAYER, "unknown-room": ROOM}  # the write functions' statuses


def put_finders(
    session: Session, owner: str, key: PuzzleKey, words: list[str], finder: str | None
) -> None:
    """Keep who found some words of a room's puzzle (`finder`; None: not a room's)."""
    if finder is not None:
        rows = [{"owner_id": owner, **vars(key), "word": w, "finder_id": finder} for w in words]
        session.run_many("put_finder", rows)


def room_code() -> str:
    """Return a new room's code: 16 letters and digits of ROOM_ALPHABET (79 bits)."""
    return "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_CODE_LENGTH))
