"""The contract between the stages and the games, at the bottom of `games/`: what a game answers
each stage, one typed role (a `Protocol` mypy checks) per stage it takes part in, and the records
the roles trade in. `GameHooks` (games/hooks.py) implements every role with the answer of a game
that has nothing to add there, and a game's `HOOKS` overrides the ones it needs.

It imports nothing above storage at run time; the report's, the server's and the generator's
types are named for the type checker alone (`Section`, `GameApi`, `GameGenerator`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from pipeline.games.game import Game

if TYPE_CHECKING:
    from pipeline.games.api import GameApi
    from pipeline.games.generated import GameGenerator
    from pipeline.model.clues import Clue
    from pipeline.model.evidence import Verdicts
    from pipeline.render.model import Section
    from pipeline.sources.records import Record
    from pipeline.storage.reader import Reader
    from pipeline.storage.warehouse import Connection


@dataclass(frozen=True)
class StoredDay:
    """One day's puzzle as `pipeline today` shows it, and the words the custom list expects."""

    game: Game
    record: Record
    origin: str  # said on the first line
    stored: bool  # from the warehouse: a past puzzle whose official answers are final
    expected: list[str]  # the custom dictionary's words for the puzzle
    expected_from: str  # which custom dictionary: the rolling backtest's or today's list


ClueSource = Callable[[list[str]], dict[str, "Clue | None"]]  # a puzzle's answers -> their clues


@dataclass(frozen=True)
class DayClues:
    """What `pipeline today --clues` shows of a day: a heading, and for each word it gives a clue
    to, in its order, what a player is shown of it (games/play.py `word_clue`: never the word)."""

    heading: str
    clues: list[dict]


@dataclass(frozen=True)
class ReportContext:
    """What a game's own report sections may read: the folder files go to and the window."""

    folder: Path
    first: dt.date
    last: dt.date


class ArchiveRole(Protocol):
    """The scrape: a game's records, their validation, staging rows and merges."""

    staging_columns: tuple[str, ...]
    merges: tuple[str, ...]
    archive_tables: tuple[str, ...]
    judge: Callable[[Connection], None] | None

    def problems(self, record: Any) -> list[str]: ...

    def staging_row(self, record: Any, url: str) -> dict: ...


class EvidenceRole(Protocol):
    """The build: every past verdict before a day, and how a game's evidence is bucketed."""

    verdicts: Callable[[Connection, dt.date, list[str]], Verdicts]
    new_word_model: bool
    evidence_flags: tuple[str, ...]
    left_out_from: tuple[str, ...]


class StyleRole(Protocol):
    """The build: the NYT's style, learned on a game's new list."""

    style_candidates: str

    def style_inputs(self, con: Connection, game: Game, words: list[str]) -> Any: ...

    def fit_style(self, inputs: Any) -> Any: ...

    def store_style(self, con: Connection, game: Game, fitted: Any) -> None: ...


class TodayRole(Protocol):
    """`pipeline today`: a stored day's puzzle, its words, lines, record and clues."""

    def stored_record(self, row: Any) -> Any: ...

    def words_for(self, words: Iterable[str], record: Any) -> list[str]: ...

    def day_lines(self, day: StoredDay, reveal: bool) -> list[str]: ...

    def day_record(self, day: StoredDay, reveal: bool) -> dict: ...

    def day_clues(self, day: StoredDay, clues_of: ClueSource) -> DayClues: ...


class ExplainRole(Protocol):
    """`pipeline explain`: what a game's archive says of a word, and the queries it reads."""

    explain_tables: tuple[str, ...]
    explain_queries: tuple[str, ...]

    def evidence(self, reader: Reader, word: str) -> dict: ...

    def evidence_lines(self, found: dict) -> list[str]: ...


class ReportRole(Protocol):
    """`pipeline report`: a game's own sections and the files they write."""

    def report_sections(self, con: Connection, context: ReportContext) -> list[Section]: ...

    def report_files(self) -> list[str]: ...


class FrontRole(Protocol):
    """Python, the command line and the server: solving, generating, commands and the API."""

    solve: Callable[[Any, list[str]], list[str] | None] | None
    commands: str | None

    def generator(self) -> GameGenerator | None: ...

    def api(self) -> GameApi | None: ...
