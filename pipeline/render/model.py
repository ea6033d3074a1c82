"""The report's results as plain data: what the report stage's queries fill and the renderers
(Markdown, CSV, chart, HTML, JSON) read. Nothing here queries or writes.

A report is a list of sections; a section is (id, heading, level, blocks), each block a paragraph,
a bullet list, a table or a chart. One generic renderer per format walks the same sections
(`pipeline/render/`), so that no format can miss one: the Markdown summary, the page, `--json`
and the CSV files (each table's every column).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.table import Table

if TYPE_CHECKING:
    from pipeline.games import Game

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
class Paragraph:
    """A paragraph of plain text."""

    text: str


@dataclass(frozen=True)
class Bullets:
    """A list of short lines."""

    items: tuple[str, ...]


FOLDED_ROWS = 25  # a table of more rows is folded on the page until opened


@dataclass(frozen=True)
class TableBlock:
    """A table of a section: every column for the CSV file and --json (`data`), and what people
    read on the page and in Markdown (`view`: chosen columns, labelled, formatted)."""

    id: str  # unique within its section; with the section's id, the name of its CSV file
    data: Table
    view: Table | None = None  # None: people read `data` as it is
    caption: str = ""  # what the table shows and which way is better
    file: str | None = None  # the CSV file's name (default: SECTION-ID.csv)
    collapsed: bool = False  # a long table, folded on the page until opened
    links: str | None = None  # the first column's words link to `#LINKS-word-WORD` on the page

    @property
    def shown(self) -> Table:
        """Return the table people read."""
        return self.view if self.view is not None else self.data

    @property
    def folded(self) -> bool:
        """Return True when the page folds the table until opened: collapsed, or long."""
        return self.collapsed or len(self.shown.rows) > FOLDED_ROWS


@dataclass(frozen=True)
class Line:
    """One line of a line chart: a value per x position (None where there is none)."""

    name: str
    values: tuple[float | None, ...]
    emphasis: bool = False  # the custom dictionary's line, drawn bold


@dataclass(frozen=True)
class LogLines:
    """Shares per x position on a log scale (a share of 0 sits on the bottom line, marked 0)."""

    x_labels: tuple[str, ...]
    lines: tuple[Line, ...]
    shade: tuple[str, str] | None = None  # the x labels of the report window, shaded


@dataclass(frozen=True)
class Bars:
    """Horizontal bars: per group, a count per series (`extra`, `missed`); a series that counts
    a noun (`day`) is named by it in the singular, and `noun` says so (1 day, 2 days)."""

    groups: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    noun: bool = False


MIN_BIN_PAIRS = 20  # a calibration bin of fewer pairs is drawn hollow, off the line: too few


@dataclass(frozen=True)
class Reliability:
    """A reliability diagram: per kind of pair and probability bin, the mean probability against
    the accepted share (columns kind, decile, pairs, predicted, observed, gap)."""

    bins: Table


@dataclass(frozen=True)
class Chart:
    """A chart of a section, drawn inline on the page; `png` is its image file, if one is written."""

    id: str
    title: str
    data: LogLines | Bars | Reliability
    png: Path | None = None
    caption: str = ""  # what the chart shows and which way is better


@dataclass(frozen=True)
class Articles:
    """Short documents about single words (what `pipeline explain` shows), linked from tables:
    each one's id is `PREFIX-word-WORD`."""

    prefix: str
    articles: tuple[tuple[str, tuple[Section, ...]], ...]  # (word, explain's sections)


Block = Paragraph | Bullets | TableBlock | Chart | Articles


@dataclass(frozen=True)
class Section:
    """One part of a report: a heading and its blocks, in order. `record` is what --json prints
    under `record_key` at the top level of the object, beside every section."""

    id: str  # unique in the report: `spelling-bee-backtest`
    heading: str
    level: int = 2  # 1: a game, 2: a part, 3: a part of a part
    blocks: tuple[Block, ...] = ()
    record_key: str | None = None
    record: dict | None = None

    def tables(self) -> list[TableBlock]:
        """Return the section's tables."""
        return [block for block in self.blocks if isinstance(block, TableBlock)]

    def charts(self) -> list[Chart]:
        """Return the section's charts."""
        return [block for block in self.blocks if isinstance(block, Chart)]

    def csv_name(self, table: TableBlock) -> str:
        """Return the name of the CSV file a table of the section is written to."""
        return table.file or f"{self.id}-{table.id}.csv"


@dataclass(frozen=True)
class Reported:
    """What one `pipeline report` run scored and wrote: per game its scores (for --json), every
    section of the report in order, the files written per game, and the page."""

    reports: tuple[GameReport, ...]
    sections: tuple[Section, ...]
    files: dict[str, list[Path]] = field(default_factory=dict)
    html: Path | None = None


@dataclass(frozen=True)
class ConfidenceReport:
    """One game's confidence tables over a window."""

    game: Game
    first: dt.date
    last: dt.date
    tables: dict[str, Table]  # by name: CSV_TABLES

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
