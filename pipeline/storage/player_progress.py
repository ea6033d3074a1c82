"""What players found on the page of `pipeline serve`: the words of each puzzle, kept in a SQLite
file of its own beside the warehouse (`config.progress_path()`), which no stage replaces, so that
progress survives a restart of the server and a `pipeline build` meanwhile.

A puzzle is named by its game, its id and its letters: a generated id whose puzzle changes after a
new build starts afresh instead of inheriting words that may not fit. Every change is one SQLite
transaction (write-ahead log, so readers never wait), so a killed server loses at most the word
being written.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from pipeline.errors import UserError
from pipeline.storage.sql_files import sql

PROGRESS = "progress"  # the folder of its SQL files: sql/progress/


def statement(name: str) -> str:
    """Return the text of one of the progress file's SQL statements."""
    return sql(name, PROGRESS)


@dataclass(frozen=True)
class PuzzleKey:
    """Which puzzle progress belongs to."""

    game: str
    puzzle: str
    letters: str


class Progress:
    """The progress file: open it once, then read and write words per puzzle."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._con = sqlite3.connect(path, timeout=5.0, check_same_thread=False)
            self._con.execute("PRAGMA journal_mode = WAL")
            self._con.execute("PRAGMA synchronous = NORMAL")
            with self._con:
                self._con.execute(statement("found_words"))
        except (OSError, sqlite3.Error) as error:
            raise UserError(f"cannot keep players' progress in {path}: {error}") from error

    @contextlib.contextmanager
    def connection(self) -> Iterator[sqlite3.Connection]:
        """Yield the file's connection, one user at a time; the block is one transaction
        (committed, or rolled back)."""
        with self._lock, self._con:
            yield self._con

    def close(self) -> None:
        """Close the file."""
        self._con.close()

    def words(self, key: PuzzleKey) -> list[str]:
        """Return the words found in a puzzle, in the order they were found."""
        with self.connection() as con:
            rows = con.execute(statement("words"), vars(key)).fetchall()
        return [word for (word,) in rows]

    def add(self, key: PuzzleKey, word: str) -> None:
        """Keep a word found in a puzzle (once)."""
        with self.connection() as con:
            con.execute(statement("add_word"), {**vars(key), "word": word})

    def replace(self, key: PuzzleKey, words: Sequence[str]) -> None:
        """Make a puzzle's words exactly these, in this order (a Letter Boxed chain)."""
        with self.connection() as con:
            con.execute(statement("clear_puzzle"), vars(key))
            rows = [{**vars(key), "position": i, "word": w} for i, w in enumerate(words, 1)]
            con.executemany(statement("put_word"), rows)

    def clear(self, key: PuzzleKey) -> None:
        """Forget a puzzle's words (the player starts it again)."""
        with self.connection() as con:
            con.execute(statement("clear_puzzle"), vars(key))
