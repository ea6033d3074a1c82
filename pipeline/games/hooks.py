"""What each game adds to each stage: `GameHooks` declares every question the stages, the report,
the server and the command line ask a game, each with its docstring and its default (every role
of the contract, games/contract.py, whose types mypy holds the defaults and a game's to); a game's
`pipeline/games/<slug>/hooks.py` answers the ones it needs in its `HOOKS`, loaded when a stage
first needs it (`hooks_of`). A hook without a default (`verdicts`) is checked when a game's hooks
are defined: a game without it fails at import with the hook's name.

The stages loop over the registry and call each game's hooks; none branches on a game. A new game
is its folder (`pipeline/games/<slug>/`: its hooks, records, rules and the modules they name), its
entry in the registry (`pipeline/games/__init__.py`, or `PIPELINE_GAMES` for a game kept
elsewhere), and, for the stages it takes part in, its SQL files and answer sources
(docs/architecture.md: Add a game).

A game's hooks module stays cheap to import (the command line reads every game's at start-up):
it names its work with `lazy("module:function")` (solvers/lazy.py), imported at the first call.
"""

from __future__ import annotations

import datetime as dt
import importlib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from pipeline.games.contract import (
    ArchiveRole,
    ClueSource,
    DayClues,
    EvidenceRole,
    ExplainRole,
    FrontRole,
    ReportContext,
    ReportRole,
    StoredDay,
    StyleRole,
    TodayRole,
)
from pipeline.games.game import Game
from solvers.lazy import lazy

if TYPE_CHECKING:
    from pipeline.games.api import GameApi
    from pipeline.games.generated import GameGenerator
    from pipeline.model.evidence import Verdicts
    from pipeline.render.model import Section
    from pipeline.storage.reader import Reader
    from pipeline.storage.warehouse import Connection


def hooks_of(game: Game) -> GameHooks:
    """Return what a game adds to each stage (its module is imported at the first call)."""
    hooks: GameHooks = importlib.import_module(game.module("hooks")).HOOKS
    return hooks


TODAY_HOOKS = ("stored_record", "words_for", "day_lines", "day_record", "day_clues")


def today_hooks(package: str) -> tuple[Any, ...]:
    """Return the `today` hooks of a game whose `today` module defines each under the hook's
    own name (TODAY_HOOKS, in that order), each imported at its first call."""
    return tuple(lazy(f"{package}.today:{name}") for name in TODAY_HOOKS)


REQUIRED_HOOKS = ("verdicts",)  # every game's: the build cannot judge a game without them


class GameHooks(
    ArchiveRole, EvidenceRole, StyleRole, TodayRole, ExplainRole, ReportRole, FrontRole
):
    """What one game adds to each stage: each attribute or method is one game's answer to one
    stage's question, with the answer of a game that has nothing to add there as its default."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Fail when a game's hooks lack a hook without a default, naming it."""
        super().__init_subclass__(**kwargs)
        for name in REQUIRED_HOOKS:
            if not hasattr(cls, name):
                raise TypeError(
                    f"{cls.__module__}.{cls.__name__} lacks the hook {name!r}, which every game "
                    "has (pipeline/games/hooks.py)"
                )

    # --- scrape: records, validation, staging rows, merges ---------------------------------------
    staging_columns: tuple[str, ...] = ()
    """The columns of `staging_row`, in the order of the game's staging table (none: the game has
    no answer sources, and the scrape stages nothing of it)."""

    merges: tuple[str, ...] = ()
    """The SQL of sql/queries/scrape/ run after loading, in order (with $game)."""

    archive_tables: tuple[str, ...] = ()
    """The tables the scrape summary counts."""

    def problems(self, record: Any) -> list[str]:
        """Return what breaks the game's rules in a record ([]: valid)."""
        return []

    def staging_row(self, record: Any, url: str) -> dict:
        """Return a record and its URL as a row of the game's staging table: the record's fields
        of the staging table's names, and the URL."""
        return {
            name: url if name == "url" else getattr(record, name) for name in self.staging_columns
        }

    judge: Callable[[Connection], None] | None = None
    """Create the temp tables `judged` (date, word, accepted: every verdict on each word the NYT
    ever accepted) and `corrections` (date, word, correction, source) that verdict_changes reads;
    None: the game's changes of mind are not kept."""

    # --- build: every past verdict before a day: (day, word id, accepted), by day and word -------
    verdicts: Callable[[Connection, dt.date, list[str]], Verdicts]
    """Return the verdicts of every past puzzle before a day on the universe's words (by id):
    which words each puzzle allowed, and which of them the NYT accepted. No default."""

    new_word_model = False
    """Judge new words by the new-word model (model/newword.py), else by their evidence bucket's
    rate alone."""

    evidence_flags: tuple[str, ...] = (
        "in 2of12id",
        "in ENABLE",
        "in an NYT Letter Boxed list",
        "capitalized in web2",
        "inflects an accepted word",
        "in words_alpha",
        "in web2",
    )
    """The flags of the game's evidence buckets, the most significant bit first: some of those the
    word lists give (sources/word_lists.py WORD_FLAGS) and the archive's as of a row's day
    (model/evidence.py DAY_FLAGS)."""

    left_out_from: tuple[str, ...] = ()
    """The games whose left-out words the new-word model reads (a word left out where it
    qualified there): named, so that a new game changes no other game's features."""

    def style_inputs(self, con: Connection, game: Game, words: list[str]) -> Any:
        """Return what the NYT's style is learned from (games/<game>/style.py), read once the
        game's list is built: it must pickle, as the fit may run in a second process."""
        return None

    def fit_style(self, inputs: Any) -> Any:
        """Return the NYT's style fitted on `style_inputs` (pure; it must pickle)."""
        return None

    def store_style(self, con: Connection, game: Game, fitted: Any) -> None:
        """Store what `fit_style` learned (none: the game learns no style)."""

    style_candidates = "nothing: the game learns no style"
    """What the report compares the NYT's puzzles with in its style section."""

    # --- today ---------------------------------------------------------------------------------
    def stored_record(self, row: Any) -> Any:
        """Return the puzzle of a stored day: a row of the game's `today/days` query (None: the
        game shows no stored puzzle)."""
        return None

    def words_for(self, words: Iterable[str], record: Any) -> list[str]:
        """Return the words of a list that a puzzle allows."""
        return []

    def day_lines(self, day: StoredDay, reveal: bool) -> list[str]:
        """Return what `pipeline today` says of a day after its first line."""
        return []

    def day_record(self, day: StoredDay, reveal: bool) -> dict:
        """Return what day_lines says, as data (`pipeline today --json`)."""
        return {}

    def day_clues(self, day: StoredDay, clues_of: ClueSource) -> DayClues:
        """Return the clues `pipeline today --clues` gives to a day's words, as the page offers
        them (`clues_of` gives the clues of a puzzle's answers); none by default."""
        return DayClues(f"no clues for {day.game.title}", [])

    # --- explain -------------------------------------------------------------------------------
    explain_tables: tuple[str, ...] = ()
    """The archive tables `evidence` reads."""

    explain_queries: tuple[str, ...] = ()
    """The word queries `evidence` reads (sql/queries/, with `$word`; NULL: every word's rows, by
    word): the index the build writes for explain holds their answers, and a word one of them
    finds is a word explain knows."""

    def evidence(self, reader: Reader, word: str) -> dict:
        """Return what the game's archive says of a word beyond its verdicts, as fields
        (`explain --json`)."""
        return {}

    def evidence_lines(self, found: dict) -> list[str]:
        """Return what `evidence` found as lines (explain)."""
        return []

    # --- report --------------------------------------------------------------------------------
    def report_sections(self, con: Connection, context: ReportContext) -> list[Section]:
        """Return the game's own sections of `pipeline report` (the report adds the NYT's style
        and the generator's checks after them, for every game)."""
        return []

    def report_files(self) -> list[str]:
        """Return the names of the files the game's own report sections write."""
        return []

    # --- generate, serve, Python and the command line -------------------------------------------
    solve: Callable[[Any, list[str]], list[str] | None] | None = None
    """Return a puzzle's answers with a list of words (`pipeline.api.solve`): the puzzle as a
    person types it (letters, sides); None: the game is not solved from Python."""

    def generator(self) -> GameGenerator | None:
        """Return the game's generator (`pipeline generate GAME`, `bench generate`); None: it has
        none."""
        return None

    def api(self) -> GameApi | None:
        """Return the game's part of the API of `pipeline serve` (its routes under
        `/api/<game>/`, `games/api.py`); None: the server does not offer the game."""
        return None

    commands: str | None = None
    """The module of the game's own commands (`pipeline solve GAME`, `bench GAME`, ...): the
    command line imports it at start-up, and its commands register on the groups of
    `pipeline/cli/app.py`. None: the game has no command of its own."""


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
