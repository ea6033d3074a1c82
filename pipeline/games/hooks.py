"""What each game adds to each stage: `GameHooks` names the questions the stages ask a game, and
each game's module (`pipeline/games/<slug>/hooks.py`, named by its registry entry) answers them in its
`HOOKS`, loaded when a stage first needs it (`hooks_of`).

The stages loop over the registry and call each game's hooks; no stage branches on a game. A new
game is a new entry in `pipeline/games/__init__.py`, a module of hooks, its SQL files
(`sql/tables/scrape/<slug>_*.sql`, `sql/queries/*/<slug>_*.sql`) and its answer sources
(`pipeline/sources/__init__.py`).
"""

from __future__ import annotations

import datetime as dt
import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.games.game import Game

if TYPE_CHECKING:
    from pipeline.games.api import GameApi
    from pipeline.model.clues import Clue
    from pipeline.model.evidence import Verdicts
    from pipeline.render.model import Section
    from pipeline.sources.records import Record
    from pipeline.storage.reader import Reader
    from pipeline.storage.warehouse import Connection


def hooks_of(game: Game) -> GameHooks:
    """Return what a game adds to each stage (its module is imported at the first call)."""
    hooks: GameHooks = importlib.import_module(game.module("hooks")).HOOKS
    return hooks


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


class GameHooks:
    """What one game adds to each stage: each attribute or method is one game's answer to one
    stage's question. A game's module sets the questions without a default (the functions its
    stages call) and overrides the methods where it adds something."""

    # --- scrape: records, validation, staging rows, merges -------------------------------------
    staging_columns: tuple[str, ...]  # the columns of staging_row, in the table's order
    merges: tuple[str, ...]  # sql/queries/scrape/... run after loading, in order (with $game)
    archive_tables: tuple[str, ...]  # the tables the scrape summary counts
    problems: Callable[[Any], list[str]]  # what breaks the game's rules in a record ([]: valid)
    staging_row: Callable[[Any, str], dict]  # a record and its URL as a source-day row
    # the temp tables `judged` (date, word, accepted: every verdict on each word the NYT ever
    # accepted) and `corrections` (date, word, correction, source) that verdict_changes reads
    judge: Callable[[Connection], None]

    # --- build: every past verdict before a day: (day, word id, accepted), by day and word ------
    verdicts: Callable[[Connection, dt.date, list[str]], Verdicts]
    # new words judged by the new-word model (model/newword.py; it reads when the other games
    # left each word out), or by their evidence bucket's rate alone
    new_word_model: bool = False
    # the NYT's style, learned once the game's list is built (games/style.py): what it reads from
    # the warehouse, the fit itself (pure: the build may run it in a second process, so that
    # what it is given and returns must pickle) and the storing of what the fit learned
    style_inputs: Callable[[Connection, Game, list[str]], Any]
    fit_style: Callable[[Any], Any]
    store_style: Callable[[Connection, Game, Any], None]
    # what the report compares the NYT's puzzles with in its style sections (games/style.py)
    style_candidates: str

    # --- today --------------------------------------------------------------------------------
    stored_record: Callable[[Reader, dt.date | None], Any]  # a date's stored puzzle, or None
    words_for: Callable[[Iterable[str], Any], list[str]]  # the words of a list a puzzle allows
    day_lines: Callable[[StoredDay, bool], list[str]]  # `pipeline today` after its first line
    day_record: Callable[[StoredDay, bool], dict]  # the same as `pipeline today --json` gives it

    def day_clues(self, day: StoredDay, clues_of: ClueSource) -> DayClues:
        """Return the clues `pipeline today --clues` gives to a day's words, as the page offers
        them (`clues_of` gives the clues of a puzzle's answers); none by default."""
        return DayClues(f"no clues for {day.game.title}", [])

    # --- explain ------------------------------------------------------------------------------
    explain_tables: tuple[str, ...] = ()  # the archive tables `evidence` reads

    def evidence(self, reader: Reader, word: str) -> dict:
        """Return what the game's archive says of a word beyond its verdicts, as fields
        (`explain --json`)."""
        return {}

    def evidence_lines(self, found: dict) -> list[str]:
        """Return what `evidence` found as lines (explain)."""
        return []

    # --- report -------------------------------------------------------------------------------
    def report_sections(self, con: Connection, context: ReportContext) -> list[Section]:
        """Return the game's own sections of `pipeline report` (the report adds the NYT's style
        and the generator's checks after them, for every game)."""
        return []

    def report_files(self) -> list[str]:
        """Return the names of the files the game's own report sections write."""
        return []

    # --- serve --------------------------------------------------------------------------------
    def api(self) -> GameApi | None:
        """Return the game's part of the API of `pipeline serve` (its routes under
        `/api/<game>/`, `games/api.py`); None: the server does not offer the game."""
        return None


SHOWN_WORDS = 5


def some_words(words: Iterable[str], shown: int = SHOWN_WORDS) -> str:
    """Return 'N: a, b, c, ...' naming the first few words of a list (validation problems)."""
    words = list(words)
    more = ", ..." if len(words) > shown else ""
    return f"{len(words)}: {', '.join(words[:shown])}{more}"


def comparison_lines(expected: list[str], official: Iterable[str], name: str) -> list[str]:
    """Return how the custom dictionary's words for a day compare with the official ones."""
    official = set(official)
    extra = sorted(set(expected) - official)
    missed = sorted(official - set(expected))
    hits = len(set(expected) & official)
    return [
        "",
        f"Against the {name} ({len(official):,}): {hits:,} right, "
        f"{len(extra):,} extra, {len(missed):,} missed",
        "Extra (expected, not accepted): " + (", ".join(extra) or "(none)"),
        "Missed (accepted, not expected): " + (", ".join(missed) or "(none)"),
    ]
