"""A report as the renderers (Markdown, CSV, chart, HTML, JSON) read it: sections of paragraphs,
tables and charts. Nothing here queries, writes or computes (the report's arithmetic is in
`pipeline/report/`).

A report is a list of sections; a section is (id, heading, level, blocks), each block a paragraph,
a bullet list, a table or a chart. One generic renderer per format walks the same sections
(`pipeline/render/`), so that no format can miss one: the Markdown summary, the page, `--json`
and the CSV files (each table's every column).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.table import Table

if TYPE_CHECKING:
    from pipeline.report.results import GameReport


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
