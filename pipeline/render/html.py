"""The report as one self-contained web page: the same sections as every other format, with
tables, inline SVG charts and the evidence per word.

Nothing here queries: `stages/report.py` gathers a `Reported` and this module turns its sections
into `index.html`, with no network, no external file and a few lines of inline script (click a
column heading to sort a table; the tables read the same without it).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from pipeline.render.model import (
    MIN_BIN_PAIRS,
    Articles,
    Bars,
    Block,
    Bullets,
    Chart,
    LogLines,
    Paragraph,
    Reliability,
    Reported,
    Section,
    TableBlock,
)
from pipeline.render.text import decimal, plural
from pipeline.storage.output_paths import atomic_write
from pipeline.table import Table

TITLE = "NYT word games: the custom dictionary against the official answers"
CUSTOM_COLOR = "#111111"
RAW_COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")
EXTRA_COLOR = "#d95f02"
MISSED_COLOR = "#1b9e77"
BAR_COLORS = {
    "extra": EXTRA_COLOR,
    "missed": MISSED_COLOR,
    "NYT": CUSTOM_COLOR,
    "candidates": "#9e9e9e",
}
LOG_FLOOR_DECADE = -4  # 1 - P or 1 - R of 0 is drawn at 10^-4, on the axis line marked "0"

STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1100px;
       padding: 0 1.5em 4em; color: #222; }
h1 { font-size: 1.6em; } h2 { border-bottom: 2px solid #333; margin-top: 2.2em; }
h3 { margin-top: 1.8em; } nav a { margin-right: 1.2em; }
table { border-collapse: collapse; margin: .6em 0 1em; font-variant-numeric: tabular-nums; }
th, td { padding: .2em .7em; border-bottom: 1px solid #ddd; text-align: left; }
td.number { text-align: right; } th { background: #f3f3f3; }
td:first-child, td.number { white-space: nowrap; }
table.sortable th { cursor: pointer; } th[aria-sort=ascending]::after { content: " \\25B2"; }
th[aria-sort=descending]::after { content: " \\25BC"; }
tr.custom td { font-weight: 600; background: #fff8dc; }
svg { display: block; margin: .5em 0; max-width: 100%; height: auto; }
svg text { font: 12px system-ui, sans-serif; fill: #333; }
.note { color: #555; max-width: 60em; }
.caption { color: #555; font-style: italic; max-width: 60em; margin-top: 0.2em; }
article.evidence { border-left: 3px solid #bbb; padding: .1em 1em; margin: 1em 0; }
article.evidence:target { border-color: #e6a700; background: #fffbea; }
.back { font-size: .85em; }
"""

SORT_SCRIPT = """
document.querySelectorAll("table.sortable").forEach(function (table) {
  var headings = table.tHead.rows[0].cells;
  Array.prototype.forEach.call(headings, function (heading, index) {
    heading.addEventListener("click", function () {
      var ascending = heading.getAttribute("aria-sort") !== "ascending";
      Array.prototype.forEach.call(headings, function (other) { other.removeAttribute("aria-sort"); });
      heading.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = sortKey(a.cells[index]), y = sortKey(b.cells[index]);
        return (x < y ? -1 : x > y ? 1 : 0) * (ascending ? 1 : -1);
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
});
function sortKey(cell) {
  var value = cell.getAttribute("data-sort");
  return value === null ? cell.textContent.trim().toLowerCase() : parseFloat(value);
}
"""


def write_html(reported: Reported, path: Path) -> Path:
    """Write the report page, replacing the file whole; return its path."""
    page = report_page(reported)
    with atomic_write(path) as temporary:
        temporary.write_text(page, encoding="utf-8")
    return path


def report_page(reported: Reported) -> str:
    """Return the whole page: a part per game (its sections), then the sorting script."""
    tops = [section for section in reported.sections if section.level == 1]
    nav = " ".join(f'<a href="#{top.id}">{escape(top.heading.split(":")[0])}</a>' for top in tops)
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(TITLE)}</title>",
            f"<style>{STYLE}</style>",
            "</head>",
            "<body>",
            f"<header><h1>{escape(TITLE)}</h1><nav>{nav}</nav></header>",
            sections_html(reported.sections),
            f"<script>{SORT_SCRIPT}</script>",
            "</body>",
            "</html>",
        ]
    )


def sections_html(sections: Iterable[Section], offset: int = 1) -> str:
    """Return sections as HTML; a level-1 section holds the sections after it up to the next
    level-1 one (a heading's level is the section's level + `offset`)."""
    parts: list[str] = []
    open_part = False
    for section in sections:
        if section.level == 1:
            if open_part:
                parts.append("</section>")
            parts.append(f'<section id="{section.id}">')
            parts.append(section_body(section, offset))
            open_part = True
        else:
            parts.append(
                f'<section id="{section.id}">\n{section_body(section, offset)}\n</section>'
            )
    if open_part:
        parts.append("</section>")
    return "\n".join(parts)


def section_body(section: Section, offset: int) -> str:
    """Return a section's heading and blocks."""
    level = min(section.level + offset, 6)
    heading = f"<h{level}>{escape(section.heading)}</h{level}>"
    return "\n".join([heading, *(block_html(block) for block in section.blocks)])


def block_html(block: Block) -> str:
    """Return one block of a section as HTML."""
    if isinstance(block, Paragraph):
        return paragraph(block.text)
    if isinstance(block, Bullets):
        return "<ul>" + "".join(f"<li>{escape(item)}</li>" for item in block.items) + "</ul>"
    if isinstance(block, TableBlock):
        return table_html(block)
    if isinstance(block, Chart):
        return chart_html(block)
    if isinstance(block, Articles):
        return articles_html(block)
    raise TypeError(f"no HTML for {block!r}")


def paragraph(text: str) -> str:
    """Return a paragraph of plain text."""
    return f'<p class="note">{escape(text)}</p>'


def caption_html(text: str) -> str:
    """Return the caption of a table or chart: what it shows and which way is better."""
    return f'<p class="caption">{escape(text)}</p>' if text else ""


def table_html(block: TableBlock) -> str:
    """Return a table with its caption; a long one folded until opened."""
    shown = block.shown
    caption = caption_html(block.caption) if not block.folded else ""
    if not shown.rows:
        return caption + "<p>(none)</p>"
    prefix = block.links
    links = (lambda row: f"{prefix}-word-{row[0]}") if prefix else (lambda row: None)
    table = html_table(list(shown.columns), shown.rows, links=links)
    if block.folded:
        summary = escape(block.caption or block.id)
        return (
            f"<details><summary>{summary} ({len(shown.rows):,} rows)</summary>\n{table}\n</details>"
        )
    return caption + table


def chart_html(block: Chart) -> str:
    """Return a chart drawn as inline SVG, with its caption under it."""
    return chart_svg(block) + caption_html(block.caption)


def chart_svg(block: Chart) -> str:
    """Return a chart drawn as inline SVG."""
    data = block.data
    if isinstance(data, LogLines):
        raw = iter(RAW_COLORS)
        lines = [
            Series(line.name, list(line.values), CUSTOM_COLOR, 2.4)
            if line.emphasis
            else Series(line.name, list(line.values), next(raw), 1.2)
            for line in data.lines
        ]
        return log_line_chart(block.title, list(data.x_labels), lines, data.shade)
    if isinstance(data, Bars):
        groups = [
            (label, [(name, count, BAR_COLORS.get(name, CUSTOM_COLOR)) for name, count in values])
            for label, values in data.groups
        ]
        return bar_chart(block.title, groups, data.noun)
    if isinstance(data, Reliability):
        return reliability_chart(data.bins, block.title)
    raise TypeError(f"no chart for {data!r}")


def articles_html(block: Articles) -> str:
    """Return an article per word: what `pipeline explain` shows, with links back."""
    if not block.articles:
        return "<p>(no missed or extra word)</p>"
    back = (
        f'<p class="back"><a href="#{block.prefix}-missed">missed words</a> · '
        f'<a href="#{block.prefix}-extra">extra words</a></p>'
    )
    return "\n".join(
        f'<article class="evidence" id="{block.prefix}-word-{word}">\n'
        f"{''.join(section_body(section, 3) for section in sections)}\n{back}\n</article>"
        for word, sections in block.articles
    )


# --- tables -------------------------------------------------------------------------------------


def cell(value: object, link: str | None = None) -> str:
    """Return one table cell: numbers right-aligned with a sort key, a word possibly linked."""
    if value is None:
        return "<td></td>"
    if isinstance(value, bool):
        return f"<td>{'yes' if value else 'no'}</td>"
    if isinstance(value, int | float):
        text = decimal(value) if isinstance(value, float) else f"{value:,}"
        return f'<td class="number" data-sort="{value}">{text}</td>'
    text = escape(", ".join(map(str, value)) if isinstance(value, list | tuple) else str(value))
    return f'<td><a href="#{link}">{text}</a></td>' if link else f"<td>{text}</td>"


def header_words(header: str) -> str:
    """Return a column's header as words (`macro_precision` -> `macro precision`)."""
    return header.replace("_", " ")


def html_table(
    headers: Sequence[str],
    rows: Sequence[Sequence[object]],
    row_class: Callable[[Sequence[object]], str] = lambda row: "",
    links: Callable[[Sequence[object]], str | None] = lambda row: None,
) -> str:
    """Return a sortable table; `links` gives the first cell's link target, if any."""
    head = "".join(f'<th scope="col">{escape(header_words(header))}</th>' for header in headers)
    lines = [f'<table class="sortable"><thead><tr>{head}</tr></thead><tbody>']
    for row in rows:
        css = row_class(row)
        cells = [cell(row[0], links(row)), *(cell(value) for value in row[1:])]
        lines.append(f'<tr class="{css}">' if css else "<tr>")
        lines.append("".join(cells) + "</tr>")
    lines.append("</tbody></table>")
    return "\n".join(lines)


# --- charts ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Series:
    """One line of a chart: a value per x position (None where there is none)."""

    name: str
    values: list[float | None]
    color: str
    width: float = 1.2
    dash: str = ""


@dataclass(frozen=True)
class Frame:
    """The plotting area of a chart in SVG units."""

    width: int = 940
    height: int = 300
    left: int = 64
    right: int = 170
    top: int = 34
    bottom: int = 46

    @property
    def inner_width(self) -> int:
        """Return the width of the plotting area."""
        return self.width - self.left - self.right

    @property
    def inner_height(self) -> int:
        """Return the height of the plotting area."""
        return self.height - self.top - self.bottom


def svg(frame: Frame, label: str, body: list[str]) -> str:
    """Return an inline SVG element of the frame's size."""
    return (
        f'<svg class="chart" viewBox="0 0 {frame.width} {frame.height}" width="{frame.width}" '
        f'height="{frame.height}" role="img" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title>" + "".join(body) + "</svg>"
    )


def log_line_chart(
    title: str,
    x_labels: list[str],
    series: list[Series],
    shade: tuple[str, str] | None = None,
) -> str:
    """Return a line chart of shares on a log scale (0.0001 .. 1); a share of 0 sits on the
    bottom line, marked 0."""
    frame = Frame()
    bottom_decade = LOG_FLOOR_DECADE
    positive = [v for s in series for v in s.values if v]
    if positive:
        bottom_decade = max(LOG_FLOOR_DECADE, min(-1, math.floor(math.log10(min(positive)))))
    bottom_decade -= 1  # a decade below the smallest share, for the zeros

    def x_of(index: int) -> float:
        span = max(len(x_labels) - 1, 1)
        return frame.left + frame.inner_width * (index / span if len(x_labels) > 1 else 0.5)

    def y_of(value: float) -> float:
        decade = math.log10(value) if value > 0 else bottom_decade
        share = (max(decade, bottom_decade) - bottom_decade) / -bottom_decade
        return frame.top + frame.inner_height * (1 - share)

    body = [f'<text x="{frame.left}" y="20" font-weight="bold">{escape(title)}</text>']
    if shade and shade[0] in x_labels and shade[1] in x_labels:
        start, end = x_of(x_labels.index(shade[0])), x_of(x_labels.index(shade[1]))
        body.append(
            f'<rect x="{start - 3:.1f}" y="{frame.top}" width="{end - start + 6:.1f}" '
            f'height="{frame.inner_height}" fill="#ffd700" fill-opacity="0.18">'
            "<title>report window</title></rect>"
        )
    for decade in range(bottom_decade, 1):
        y = y_of(10.0**decade) if decade > bottom_decade else y_of(0.0)
        text = "0" if decade == bottom_decade else f"{10.0**decade:g}"
        body.append(
            f'<line x1="{frame.left}" x2="{frame.left + frame.inner_width}" y1="{y:.1f}" '
            f'y2="{y:.1f}" stroke="#ccc" stroke-width="0.6"/>'
            f'<text x="{frame.left - 6}" y="{y + 4:.1f}" text-anchor="end">{text}</text>'
        )
    step = max(1, math.ceil(len(x_labels) / 12))
    for index, label in enumerate(x_labels):
        if index % step == 0 or index == len(x_labels) - 1:
            x = x_of(index)
            body.append(
                f'<text x="{x:.1f}" y="{frame.height - frame.bottom + 18}" '
                f'text-anchor="middle">{escape(label)}</text>'
            )
    for number, line in enumerate(series):
        points = [(x_of(i), y_of(v)) for i, v in enumerate(line.values) if v is not None]
        path = " ".join(
            f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}" for i, (x, y) in enumerate(points)
        )
        dash = f' stroke-dasharray="{line.dash}"' if line.dash else ""
        if path:
            body.append(
                f'<path d="{path}" fill="none" stroke="{line.color}" '
                f'stroke-width="{line.width}"{dash}><title>{escape(line.name)}</title></path>'
            )
        if len(points) <= 36:
            body += [
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{line.width + 1:.1f}" fill="{line.color}"/>'
                for x, y in points
            ]
        body.append(legend_entry(frame, number, line.color, line.width + 0.6, line.name, dash))
    return svg(frame, title, body)


def legend_entry(
    frame: Frame, number: int, color: str, width: float, label: str, dash: str = ""
) -> str:
    """Return the legend's line and label for a chart's `number`-th series, right of the plot."""
    y = frame.top + 8 + 18 * number
    x = frame.width - frame.right + 14
    return (
        f'<line x1="{x}" x2="{x + 24}" y1="{y}" y2="{y}" '
        f'stroke="{color}" stroke-width="{width}"{dash}/>'
        f'<text x="{x + 30}" y="{y + 4}">{escape(label)}</text>'
    )


def bar_chart(
    title: str, bars: list[tuple[str, list[tuple[str, int, str]]]], noun: bool = False
) -> str:
    """Return horizontal bars: per group (label, [(series, count, color)]); with `noun` each
    series is a noun, counted in the plural where it must be (1 day, 2 days)."""
    per_group = max((len(values) for _, values in bars), default=1)
    frame = Frame(height=40 + len(bars) * (per_group * 20 + 16), left=330, right=140, bottom=8)
    biggest = max((count for _, values in bars for _, count, _ in values), default=0) or 1
    body = [f'<text x="4" y="20" font-weight="bold">{escape(title)}</text>']
    y = float(frame.top)
    for label, values in bars:
        body.append(
            f'<text x="{frame.left - 10}" y="{y + per_group * 10 + 4:.1f}" '
            f'text-anchor="end">{escape(label)}</text>'
        )
        for name, count, color in values:
            width = frame.inner_width * count / biggest
            counted = plural(count, name) if noun else f"{count:,} {name}"
            body.append(
                f'<rect x="{frame.left}" y="{y:.1f}" width="{max(width, 1):.1f}" height="16" '
                f'fill="{color}"><title>{escape(f"{label}: {counted}")}</title></rect>'
                f'<text x="{frame.left + max(width, 1) + 6:.1f}" y="{y + 12:.1f}">'
                f"{escape(counted)}</text>"
            )
            y += 20
        y += 16
    return svg(frame, title, body)


def reliability_chart(table: Table, title: str) -> str:
    """Return a reliability diagram: each decile's mean probability against its accepted share,
    one line per kind of pair, with the diagonal of perfect calibration."""
    frame = Frame(width=600, height=420, left=60, right=190)

    def x_of(value: float) -> float:
        return frame.left + frame.inner_width * value

    def y_of(value: float) -> float:
        return frame.top + frame.inner_height * (1 - value)

    body = [
        f'<text x="{frame.left}" y="20" font-weight="bold">{escape(title)}</text>',
        f'<line x1="{x_of(0):.1f}" y1="{y_of(0):.1f}" x2="{x_of(1):.1f}" y2="{y_of(1):.1f}" '
        'stroke="#999" stroke-dasharray="4 3"><title>perfect calibration</title></line>',
    ]
    for tick in range(0, 11, 2):
        value = tick / 10
        body.append(
            f'<line x1="{frame.left}" x2="{x_of(1):.1f}" y1="{y_of(value):.1f}" '
            f'y2="{y_of(value):.1f}" stroke="#eee"/>'
            f'<text x="{frame.left - 6}" y="{y_of(value) + 4:.1f}" text-anchor="end">{value:g}</text>'
            f'<text x="{x_of(value):.1f}" y="{frame.height - frame.bottom + 18}" '
            f'text-anchor="middle">{value:g}</text>'
        )
    body.append(
        f'<text x="{x_of(0.5):.1f}" y="{frame.height - 8}" text-anchor="middle">'
        "predicted probability</text>"
    )
    colors = {"judged before": CUSTOM_COLOR, "new": EXTRA_COLOR}
    for number, kind in enumerate(sorted({row[0] for row in table.rows})):
        rows = [row for row in table.rows if row[0] == kind]
        color = colors.get(kind, RAW_COLORS[number % len(RAW_COLORS)])
        points = [(x_of(row[3]), y_of(row[4])) for row in rows]
        judged = [point for point, row in zip(points, rows, strict=True) if row[2] >= MIN_BIN_PAIRS]
        if len(judged) > 1:
            path = " ".join(
                f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}" for i, (x, y) in enumerate(judged)
            )
            body.append(f'<path d="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
        body += [bin_point(x, y, row, color) for (x, y), row in zip(points, rows, strict=True)]
        body.append(legend_entry(frame, number, color, 2.6, f"{kind} pairs"))
    return svg(frame, title, body)


def bin_point(x: float, y: float, row: Sequence, color: str) -> str:
    """Return one calibration bin's point, labelled with its pairs: filled when it holds enough
    pairs to judge (MIN_BIN_PAIRS), hollow when not."""
    kind, _decile, pairs, predicted, accepted = row[:5]
    fill = color if pairs >= MIN_BIN_PAIRS else "white"
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{fill}" stroke="{color}">'
        f"<title>{escape(kind)}: {pairs:,} pairs, predicted {predicted:.3f}, "
        f"accepted {accepted:.3f}</title></circle>"
        f'<text class="pairs" x="{x + 6:.1f}" y="{y - 6:.1f}" font-size="10" fill="{color}">'
        f"{pairs:,}</text>"
    )
