"""The report's results as data: one game's scores over a window and its confidence tables,
as the report stage's queries fill them, with the arithmetic the sections read (a grain of the
scores, the errors per month, the ceiling the NYT's reversals leave). Nothing here queries.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pipeline.table import Table

if TYPE_CHECKING:
    from pipeline.games import Game

TOP_ERRORS = 20
REPORTED_SCORES = (
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
            return table.select("dictionary", *REPORTED_SCORES)
        return Table(
            (period, "dictionary", *REPORTED_SCORES),
            table.select("period", "dictionary", *REPORTED_SCORES).rows,
        )

    def archive_by_month(self) -> Table:
        """Return the scores per month over the whole archive (the chart's data)."""
        return Table(
            ("month", "dictionary", *REPORTED_SCORES),
            self.archive_scores.select("period", "dictionary", *REPORTED_SCORES).rows,
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
class ConfidenceReport:
    """One game's confidence tables over a window."""

    game: Game
    first: dt.date
    last: dt.date
    tables: dict[str, Table]  # by name: report/sections.py CONFIDENCE_TABLES

    def __getitem__(self, name: str) -> Table:
        return self.tables[name]

    def ece(self, kind: str) -> float:
        """Return the custom probabilities' expected calibration error on one kind of pair."""
        rows = self["probability_scores"].where("model", "custom").where("kind", kind)
        return float(rows.column("ece")[0])


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
