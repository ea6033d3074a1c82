"""The report as one self-contained web page: tables, inline SVG charts, the evidence per word.

Nothing here queries: `report.report(..., html=True)` gathers a `Reported` and this module turns
it into `index.html`, with no network, no external file and a few lines of inline script (click a
column heading to sort a table; the tables read the same without it).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.games import LETTER_BOXED
from pipeline.games.letter_boxed_archive import solution_sizes
from pipeline.render.markdown import ERROR_KINDS
from pipeline.storage.output_paths import atomic_write

if TYPE_CHECKING:
    from pipeline.games.letter_boxed_archive import DaySolutions
    from pipeline.report.confidence import ConfidenceReport
    from pipeline.report.model import GameReport, Reported
    from pipeline.storage.warehouse import Table

TITLE = "NYT word games: the custom dictionary against the official answers"
CUSTOM_COLOR = "#111111"
RAW_COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")
EXTRA_COLOR = "#d95f02"
MISSED_COLOR = "#1b9e77"
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
    """Return the whole page: a section per game, then the sorting script."""
    games = [report.game for report in reported.reports]
    nav = " ".join(f'<a href="#{game.name}">{escape(game.title)}</a>' for game in games)
    sections = [game_section(report, reported) for report in reported.reports]
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
            *sections,
            f"<script>{SORT_SCRIPT}</script>",
            "</body>",
            "</html>",
        ]
    )


def anchor(report: GameReport, part: str) -> str:
    """Return the id of one part of a game's section (`spelling-bee-missed`)."""
    return f"{report.game.name}-{part}"


def word_anchor(report: GameReport, word: str) -> str:
    """Return the id of a word's evidence in a game's section."""
    return anchor(report, f"word-{word}")


def game_section(report: GameReport, reported: Reported) -> str:
    """Return one game's section: backtest, charts, error kinds, error words and their evidence."""
    game = report.game
    found = report.coverage
    custom = (
        "the rolling backtest: each puzzle judged only on evidence from before its date"
        if report.train_until is None
        else f"a single split: the rule applied with evidence up to {report.train_until}"
    )
    parts = [
        f'<section id="{game.name}">',
        f"<h2>{escape(game.title)}</h2>",
        paragraph(
            f"Window {report.first} .. {report.last}: {found['puzzles']:,} puzzles, "
            f"{found['official_answers']:,} official answers ({game.official_answers}). "
            f"Custom dictionary = {custom}; a raw list predicts a word iff it holds it; "
            "past_answers = accepted at least once before.",
        ),
        subsection(
            report, "backtest", "Backtest: every dictionary over the window", backtest(report)
        ),
        subsection(report, "errors-per-month", "Errors per month", errors_per_month(report)),
        subsection(report, "error-kinds", "Where the errors come from", error_kinds(report)),
    ]
    sure = reported.confidence.get(game.name)
    if sure is not None:
        parts.append(
            subsection(report, "calibration", "How sure it is: calibration", calibration(sure[0]))
        )
    parts += [
        subsection(
            report,
            "missed",
            f"Most frequent missed words (top {report.top_errors})",
            paragraph(
                "Official answers the custom dictionary left out; a word links to its evidence."
            )
            + error_words(report, report.missed),
        ),
        subsection(
            report,
            "extra",
            f"Most frequent extra words (top {report.top_errors})",
            paragraph("Words the custom dictionary predicted that the NYT did not accept.")
            + error_words(report, report.extra),
        ),
    ]
    if game == LETTER_BOXED:
        parts.append(
            subsection(
                report,
                "nyt-solutions",
                "The NYT's own solutions against the exact solver",
                nyt_solutions(reported.nyt_solutions),
            )
        )
    parts.append(
        subsection(
            report,
            "evidence",
            "The evidence for each word (what `pipeline explain` shows)",
            evidence(report, reported.evidence.get(game.name, {})),
        )
    )
    parts.append("</section>")
    return "\n".join(parts)


def subsection(report: GameReport, part: str, heading: str, body: str) -> str:
    """Return a subsection with its id and heading."""
    return f'<section id="{anchor(report, part)}">\n<h3>{escape(heading)}</h3>\n{body}\n</section>'


def paragraph(text: str) -> str:
    """Return a paragraph of plain text."""
    return f'<p class="note">{escape(text)}</p>'


# --- tables -------------------------------------------------------------------------------------


def cell(value: object, link: str | None = None) -> str:
    """Return one table cell: numbers right-aligned with a sort key, a word possibly linked."""
    if value is None:
        return "<td></td>"
    if isinstance(value, bool):
        return f"<td>{'yes' if value else 'no'}</td>"
    if isinstance(value, int | float):
        text = f"{value:.4f}" if isinstance(value, float) else f"{value:,}"
        return f'<td class="number" data-sort="{value}">{text}</td>'
    text = escape(", ".join(map(str, value)) if isinstance(value, list | tuple) else str(value))
    return f'<td><a href="#{link}">{text}</a></td>' if link else f"<td>{text}</td>"


def html_table(
    headers: Sequence[str],
    rows: Sequence[Sequence[object]],
    row_class: Callable[[Sequence[object]], str] = lambda row: "",
    links: Callable[[Sequence[object]], str | None] = lambda row: None,
) -> str:
    """Return a sortable table; `links` gives the first cell's link target, if any."""
    head = "".join(f'<th scope="col">{escape(header)}</th>' for header in headers)
    lines = [f'<table class="sortable"><thead><tr>{head}</tr></thead><tbody>']
    for row in rows:
        css = row_class(row)
        cells = [cell(row[0], links(row)), *(cell(value) for value in row[1:])]
        lines.append(f'<tr class="{css}">' if css else "<tr>")
        lines.append("".join(cells) + "</tr>")
    lines.append("</tbody></table>")
    return "\n".join(lines)


def backtest(report: GameReport) -> str:
    """Return the headline table: every dictionary's micro and macro scores over the window."""
    columns = ["dictionary", "puzzles", "predicted", "hits", "precision", "recall", "f1"]
    columns += ["macro_precision", "macro_recall", "macro_f1"]
    headers = ["dictionary", "puzzles", "predicted", "correct", "P", "R", "F1"]
    headers += ["macro P", "macro R", "macro F1"]
    rows = report.grain("window").select(*columns).rows
    return html_table(headers, rows, row_class=lambda row: "custom" if row[0] == "custom" else "")


def error_words(report: GameReport, table: Table) -> str:
    """Return the missed or extra words, each linked to its evidence."""
    if not table.rows:
        return "<p>(none)</p>"
    columns = ["word", "times", "eligible", "accepted", "prior_accepted", "prior_verdicts"]
    columns += ["last_error", "included_now", "reason"]
    rows = [
        (word, times, eligible, accepted, f"{prior_accepted}/{prior}", str(last), now, reason)
        for word, times, eligible, accepted, prior_accepted, prior, last, now, reason in (
            table.select(*columns).rows
        )
    ]
    headers = ["word", "times", "eligible", "accepted", "accepted/eligible before", "last error"]
    headers += ["in now", "reason now"]
    return html_table(headers, rows, links=lambda row: word_anchor(report, str(row[0])))


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


def errors_per_month(report: GameReport) -> str:
    """Return 1 - precision and 1 - recall per month on a log scale, the custom dictionary
    against the best raw lists, and the custom dictionary's counts per month."""
    names = ["custom", *report.best_raw_lists()]
    months = sorted(set(report.archive_scores.column("period")))
    tables = {name: report.monthly_errors(name) for name in names}

    def series(column: str) -> list[Series]:
        lines = []
        for number, name in enumerate(names):
            by_month = dict(
                zip(tables[name].column("month"), tables[name].column(column), strict=True)
            )
            color, width = (
                (CUSTOM_COLOR, 2.4) if name == "custom" else (RAW_COLORS[number - 1], 1.2)
            )
            lines.append(Series(name, [by_month.get(month) for month in months], color, width))
        return lines

    shade = (f"{report.first:%Y-%m}", f"{report.last:%Y-%m}")
    custom_rows = tables["custom"].rows
    return "\n".join(
        [
            paragraph(
                "The share of each month's predictions the NYT did not accept (1 - precision) and "
                "the share of its answers a dictionary left out (1 - recall), on a log scale so "
                "that 0.5% and 5% differ as much as 5% and 50%; the best raw lists by window F1. "
                "Shaded: the report window. A month without an error sits on the line marked 0."
            ),
            log_line_chart(
                "1 - precision per month (extra words)",
                months,
                series("one_minus_precision"),
                shade,
            ),
            log_line_chart(
                "1 - recall per month (missed words)", months, series("one_minus_recall"), shade
            ),
            "<details><summary>The custom dictionary's errors per month</summary>",
            html_table(["month", "extra", "missed", "1 - P", "1 - R"], custom_rows),
            "</details>",
        ]
    )


def bar_chart(title: str, bars: list[tuple[str, list[tuple[str, int, str]]]]) -> str:
    """Return horizontal bars: per group (label, [(series, count, color)])."""
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
            body.append(
                f'<rect x="{frame.left}" y="{y:.1f}" width="{max(width, 1):.1f}" height="16" '
                f'fill="{color}"><title>{escape(f"{label}: {count:,} {name}")}</title></rect>'
                f'<text x="{frame.left + max(width, 1) + 6:.1f}" y="{y + 12:.1f}">'
                f"{count:,} {escape(name)}</text>"
            )
            y += 20
        y += 16
    return svg(frame, title, body)


def error_kinds(report: GameReport) -> str:
    """Return the custom dictionary's errors by kind, as bars and a table, with the ceiling."""
    bars = [
        (
            ERROR_KINDS[kind],
            [("extra", extra, EXTRA_COLOR), ("missed", missed, MISSED_COLOR)],
        )
        for kind, _pairs, _answers, _predicted, extra, missed in report.error_kinds.rows
    ]
    rows = [(ERROR_KINDS[row[0]], *row[1:]) for row in report.error_kinds.rows]
    precision, recall = report.ceiling()
    custom = report.grain("window").where("dictionary", "custom").select("precision", "recall")
    achieved = (
        f" The custom dictionary scores P {custom.rows[0][0]:.4f}, R {custom.rows[0][1]:.4f}."
        if custom.rows
        else ""
    )
    return "\n".join(
        [
            bar_chart("Extra and missed words of the custom dictionary, by kind of pair", bars),
            html_table(["kind of pair", "pairs", "answers", "predicted", "extra", "missed"], rows),
            paragraph(
                "A reversal is an error of any rule that trusts the NYT's last verdict on a word. "
                "Guessing every new pair right and following the last verdict everywhere else "
                f"would score P {precision:.4f}, R {recall:.4f}: the ceiling the reversals leave."
                + achieved
            ),
        ]
    )


def calibration(sure: ConfidenceReport) -> str:
    """Return the reliability diagram (predicted probability against the observed acceptance
    rate, per decile and kind of pair), the probability scores and the maybe tier's share."""
    table = sure["calibration"]
    return "".join(
        [
            paragraph(
                "Each pair's probability comes from the evidence strictly before its date. A "
                "calibrated probability sits on the diagonal: of the pairs predicted at 0.3, "
                "three in ten were accepted."
            ),
            reliability_chart(table, f"Reliability, {sure.first} .. {sure.last}"),
            html_table(
                ["kind", "decile", "pairs", "mean probability", "accepted share", "gap"],
                [
                    (kind, f"{d / 10:.1f}-{(d + 1) / 10:.1f}", n, p, o, g)
                    for kind, d, n, p, o, g in table.rows
                ],
            ),
            html_table(list(sure["probability_scores"].columns), sure["probability_scores"].rows),
            html_table(list(sure["maybe_tier"].columns), sure["maybe_tier"].rows),
        ]
    )


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
        path = " ".join(
            f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}" for i, (x, y) in enumerate(points)
        )
        body.append(f'<path d="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
        body += [
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{color}">'
            f"<title>{escape(kind)}: {row[2]:,} pairs, predicted {row[3]:.3f}, "
            f"accepted {row[4]:.3f}</title></circle>"
            for (x, y), row in zip(points, rows, strict=True)
        ]
        body.append(legend_entry(frame, number, color, 2.6, f"{kind} pairs"))
    return svg(frame, title, body)


# --- Letter Boxed: the NYT's own solutions ------------------------------------------------------


def nyt_solutions(days: list[DaySolutions] | None) -> str:
    """Return how the NYT's solutions compare with the exact best, as bars and tables."""
    from pipeline.games.letter_boxed_archive import summarize

    if days is None:
        return "<p>No Letter Boxed archive: run <code>pipeline scrape letter-boxed</code>.</p>"
    summary = summarize(days)
    bars = [(label, [("days", count, CUSTOM_COLOR)]) for label, count in summary.comparisons]
    worse = [day for day in days if day.comparison != "one of the best"]
    return "\n".join(
        [
            paragraph(
                f"Every archived day with the NYT's word list ({len(days):,} days) solved exactly "
                "with that list: fewest words, then fewest letters, against the NYT's own solution."
            ),
            bar_chart("The NYT's solution against the best one", bars),
            html_table(["fewest words", "days"], [(str(k), v) for k, v in summary.fewest_words]),
            html_table(["extra letters (same word count)", "days"], summary.extra_letters),
            f"<h4>Days the NYT's solution is not one of the best ({len(worse):,})</h4>",
            solution_days(worse) if worse else "<p>(none)</p>",
            f"<details><summary>Every day ({len(days):,})</summary>",
            solution_days(days),
            "</details>",
        ]
    )


def solution_days(days: list[DaySolutions]) -> str:
    """Return a table of days: the NYT's solution and the best, with their sizes."""
    rows = [
        (str(day.date), *solution_sizes(day)[1:], day.comparison)
        for day in sorted(days, key=lambda day: str(day.date), reverse=True)
    ]
    headers = ["date", "NYT solution", "words", "letters", "best", "words", "letters"]
    headers += ["best solutions", "NYT solution is"]
    return html_table(headers, rows)


# --- the evidence per word: explain's text as HTML -------------------------------------------------


def evidence(report: GameReport, texts: dict[str, str]) -> str:
    """Return an article per error word with what `pipeline explain` prints for it."""
    if not texts:
        return "<p>(no missed or extra word)</p>"
    back = (
        f'<p class="back"><a href="#{anchor(report, "missed")}">missed words</a> · '
        f'<a href="#{anchor(report, "extra")}">extra words</a></p>'
    )
    return "\n".join(
        f'<article class="evidence" id="{word_anchor(report, word)}">\n'
        f"{markdown_html(text)}\n{back}\n</article>"
        for word, text in texts.items()
    )


def markdown_html(text: str) -> str:
    """Return explain's Markdown (headings, bullets, tables, lines) as HTML."""
    blocks = []
    for block in text.split("\n\n"):
        lines = block.strip().splitlines()
        if not lines:
            continue
        if lines[0].startswith("## "):
            blocks.append(f"<h5>{escape(lines[0][3:])}</h5>")
        elif lines[0].startswith("# "):
            blocks.append(f"<h4>{escape(lines[0][2:])}</h4>")
        elif all(line.startswith("- ") for line in lines):
            items = "".join(f"<li>{escape(line[2:])}</li>" for line in lines)
            blocks.append(f"<ul>{items}</ul>")
        elif all(line.startswith("|") for line in lines):
            blocks.append(markdown_table_html(lines))
        else:
            blocks.append("<p>" + "<br>".join(escape(line) for line in lines) + "</p>")
    return "\n".join(blocks)


def markdown_table_html(lines: list[str]) -> str:
    """Return a Markdown table (header, rule, rows) as a plain HTML table."""

    def cells(line: str) -> list[str]:
        return [value.strip() for value in line.strip().strip("|").split("|")]

    head = "".join(f"<th>{escape(value)}</th>" for value in cells(lines[0]))
    rows = [
        "<tr>" + "".join(f"<td>{escape(value)}</td>" for value in cells(line)) + "</tr>"
        for line in lines[2:]
    ]
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
