"""The report's results as plain data: what the report stage's queries fill and the renderers
(Markdown, CSV, chart, HTML, JSON) read. Nothing here queries or writes."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.games import Game
from pipeline.storage.warehouse import Table

if TYPE_CHECKING:
    from pipeline.games.letter_boxed_archive import DaySolutions
    from pipeline.report.confidence import ConfidenceReport

TOP_ERRORS = 20
SCORE_COLUMNS = (
    "puzzles",
    "answers",
    "predicted",
    "hits",
    "precision",
    "recall",
    "f1",
    "macro_precision",
    "macro_recall",
    "macro_f1",
)


@dataclass(frozen=True)
class GameReport:
    """One game's scores over a window, its chart data and the custom dictionary's errors."""

    game: Game
    first: dt.date
    last: dt.date
    train_until: dt.date | None
    coverage: dict[str, int]
    scores: Table
    archive_scores: Table
    missed: Table
    extra: Table
    error_kinds: Table
    top_errors: int = TOP_ERRORS

    def grain(self, grain: str) -> Table:
        """Return the window's scores of one grain (window, year, month) without the grain."""
        period = "year" if grain == "year" else "month"
        table = self.scores.where("grain", grain)
        if grain == "window":
            return table.select("dictionary", *SCORE_COLUMNS)
        return Table(
            (period, "dictionary", *SCORE_COLUMNS),
            table.select("period", "dictionary", *SCORE_COLUMNS).rows,
        )

    def archive_by_month(self) -> Table:
        """Return the scores per month over the whole archive (the chart's data)."""
        return Table(
            ("month", "dictionary", *SCORE_COLUMNS),
            self.archive_scores.select("period", "dictionary", *SCORE_COLUMNS).rows,
        )

    def ceiling(self) -> tuple[float, float]:
        """Return the precision and recall the NYT's reversals leave (last_verdict_ceiling)."""
        return last_verdict_ceiling(self.error_kinds)

    def best_raw_lists(self, count: int = 3) -> list[str]:
        """Return the raw lists (past_answers included) with the best window F1, best first."""
        window = self.grain("window").select("dictionary", "f1").rows
        raw = [(name, f1) for name, f1 in window if name != "custom"]
        ranked = sorted(raw, key=lambda row: -(row[1] if row[1] is not None else -1.0))
        return [name for name, _ in ranked[:count]]

    def monthly_errors(self, dictionary: str) -> Table:
        """Return one dictionary's errors per month over the archive: extra and missed words,
        1 - precision and 1 - recall."""
        rows = self.archive_scores.where("dictionary", dictionary)
        columns = ("period", "answers", "predicted", "hits")
        errors = [
            (
                month,
                predicted - hits,
                answers - hits,
                (predicted - hits) / predicted if predicted else None,  # no prediction: no share
                (answers - hits) / answers if answers else None,
            )
            for month, answers, predicted, hits in rows.select(*columns).rows
        ]
        return Table(
            ("month", "extra", "missed", "one_minus_precision", "one_minus_recall"), errors
        )

    def error_words(self) -> list[str]:
        """Return every word of the missed and extra tables, once, missed first."""
        words = [*self.missed.column("word"), *self.extra.column("word")]
        return list(dict.fromkeys(words))


@dataclass(frozen=True)
class Reported:
    """What one `pipeline report` run scored and wrote: per game, its report and files; the Letter
    Boxed days solved exactly (None without an archive); the honeycomb analysis; explain's text
    for each error word."""

    reports: tuple[GameReport, ...]
    files: dict[str, list[Path]]
    nyt_solutions: list[DaySolutions] | None = None
    nyt_solutions_file: Path | None = None
    honeycombs: str | None = None  # the Spelling Bee archive among every honeycomb (Markdown)
    evidence: dict[str, dict[str, str]] = field(default_factory=dict)
    confidence: dict[str, tuple[ConfidenceReport, list[Path]]] = field(default_factory=dict)
    html: Path | None = None


def last_verdict_ceiling(kinds: Table) -> tuple[float, float]:
    """Return the precision and recall of guessing every new pair right and following the last
    verdict everywhere else: only the NYT's reversals are wrong, extra or missed."""
    answers = sum(kinds.column("answers"))
    reversed_row = kinds.where("kind", "reversed")
    missed = sum(reversed_row.column("answers"))
    extra = sum(reversed_row.column("pairs")) - missed
    hits = answers - missed
    precision = hits / (hits + extra) if hits + extra else 1.0
    recall = hits / answers if answers else 1.0
    return precision, recall


@dataclass(frozen=True)
class Space:
    """The size of one dictionary's honeycomb space under one S rule."""

    s_allowed: bool
    valid_words: int
    pangram_sets: int
    honeycombs: int


@dataclass(frozen=True)
class NytAgainstSpace:
    """The archived puzzles placed among every honeycomb of the custom dictionary of their era."""

    spaces: list[Space]
    puzzle_ranks: Table  # one row per archived puzzle
    eras: Table  # per era: honeycombs and archived puzzles, and those with 30-45 words
    never_used: Table  # per era: the highest-scoring honeycombs the NYT has not used
    center_ranks: Table  # how the NYT's center ranks among the 7 of its letters
    extremes: Table  # puzzles whose center gave the most or fewest points of their letters
