"""The report stage: how well the custom dictionary and the raw word lists predict the NYT's answers.

Every score is computed over the eligible (date, word) pairs of the backtest tables: for each past
puzzle, every universe word the puzzle allowed, with the NYT verdict. The custom dictionary's
prediction is the rolling backtest (judged only on evidence from before each date) or, with a
training cut-off, a single train/test split; a raw list predicts "accepted" iff the word is in it.
"""

from __future__ import annotations

import csv
import datetime as dt
from dataclasses import dataclass
from pathlib import Path

import duckdb

from pipeline import dictionary, progress, warehouse
from pipeline.errors import UserError
from pipeline.reporting import markdown_table

DICTIONARIES = (
    "custom",
    "past_answers",
    "words_alpha",
    "enable",
    "2of12id",
    "nltk_words",
    "wordfreq_top25k",
    "wordfreq_top50k",
    "wordfreq_top100k",
)
GAME_TITLES = {"spelling-bee": "Spelling Bee", "letter-boxed": "Letter Boxed"}
OFFICIAL_ANSWERS = {
    "spelling-bee": "the official answers",
    "letter-boxed": "each day's NYT word list",
}
ERROR_KINDS = {
    "repeated": "eligible before; the NYT repeated its last verdict",
    "reversed": "eligible before; the NYT reversed its last verdict",
    "new": "never eligible before",
}
WINDOW_DAYS = 364
TOP_ERRORS = 20
LINE_STYLES = {
    "custom": {"color": "black", "lw": 2.4, "zorder": 5},
    "past_answers": {"color": "tab:gray", "lw": 1.4, "ls": "--"},
    "words_alpha": {"color": "tab:blue", "lw": 1.0},
    "enable": {"color": "tab:orange", "lw": 1.0},
    "2of12id": {"color": "tab:green", "lw": 1.0},
    "nltk_words": {"color": "tab:red", "lw": 1.0},
    "wordfreq_top25k": {"color": "#b4a7d6", "lw": 1.0, "ls": "-."},
    "wordfreq_top50k": {"color": "#7b5fb8", "lw": 1.0, "ls": "-."},
    "wordfreq_top100k": {"color": "#3f1d7d", "lw": 1.0, "ls": "-."},
}
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
class Table:
    """Rows with their column names."""

    columns: tuple[str, ...]
    rows: list[tuple]

    def column(self, name: str) -> list:
        """Return the values of one column."""
        index = self.columns.index(name)
        return [row[index] for row in self.rows]

    def where(self, name: str, value: object) -> Table:
        """Return the rows whose column `name` equals `value`."""
        index = self.columns.index(name)
        return Table(self.columns, [row for row in self.rows if row[index] == value])

    def select(self, *names: str) -> Table:
        """Return only the named columns."""
        indexes = [self.columns.index(name) for name in names]
        return Table(names, [tuple(row[i] for i in indexes) for row in self.rows])


@dataclass(frozen=True)
class GameReport:
    """One game's scores over a window, its chart data and the custom dictionary's errors."""

    game: str
    first: dt.date
    last: dt.date
    train_until: dt.date | None
    coverage: dict[str, int]
    scores: Table
    archive_scores: Table
    missed: Table
    extra: Table
    error_kinds: Table

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


def fetch_table(result: duckdb.DuckDBPyConnection) -> Table:
    """Return a query result as a Table."""
    return Table(tuple(column[0] for column in result.description), result.fetchall())


def use_game(con: duckdb.DuckDBPyConnection, game: str) -> None:
    """Point the views report_backtest, report_custom and report_official at a game's tables."""
    prefix = dictionary.TABLE_PREFIX[game]
    warehouse.require_tables(
        con, f"{prefix}_backtest", f"{prefix}_custom", "words", stage_hint="pipeline build"
    )
    missing = warehouse.run(con, "report_missing_columns", {"table": f"{prefix}_backtest"})
    if names := [row[0] for row in missing.fetchall()]:
        raise UserError(
            f"the {prefix}_backtest table has no {', '.join(names)} column: it was built by an "
            f"older version, run `pipeline build {game}` again"
        )
    warehouse.run(con, f"report_views_{prefix}")


def archive_dates(con: duckdb.DuckDBPyConnection) -> tuple[dt.date, dt.date]:
    """Return the first and last date of the current game's backtest."""
    first, last = warehouse.run(con, "report_archive_dates").fetchone()
    if last is None:
        raise UserError("the backtest table is empty: run `pipeline build` first")
    return first, last


def default_window(
    con: duckdb.DuckDBPyConnection, train_until: dt.date | None = None
) -> tuple[dt.date, dt.date]:
    """Return the last 12 months of the archive, or everything after the training cut-off."""
    _, last = archive_dates(con)
    if train_until is not None:
        return train_until + dt.timedelta(days=1), last
    return last - dt.timedelta(days=WINDOW_DAYS), last


def stored_rule(con: duckdb.DuckDBPyConnection, game: str) -> dictionary.Rule:
    """Return the rule the last build chose for a game."""
    warehouse.require_tables(con, "dictionary_rules", stage_hint="pipeline build")
    row = warehouse.run(con, "report_stored_rule", {"game": game}).fetchone()
    if row is None:
        raise UserError(f"no stored rule for {game}: run `pipeline build {game}` first")
    return dictionary.Rule(row[0], row[1])


def prepare_pairs(
    con: duckdb.DuckDBPyConnection, game: str, train_until: dt.date | None = None
) -> None:
    """Create report_pairs and report_puzzle_counts for a game (rolling backtest or split)."""
    use_game(con, game)
    if train_until is None:
        warehouse.run(con, "report_custom_backtest")
    else:
        dictionary.split_predictions(con, game, train_until, stored_rule(con, game))
        warehouse.run(con, "report_custom_split", {"train_until": train_until})
    warehouse.run(con, "report_pairs")


def scores(con: duckdb.DuckDBPyConnection, first: dt.date, last: dt.date) -> Table:
    """Return micro and macro P/R/F1 per dictionary over the window, per year and per month."""
    params = {"first": first, "last": last, "dictionaries": list(DICTIONARIES)}
    return fetch_table(warehouse.run(con, "report_scores", params))


def word_errors(
    con: duckdb.DuckDBPyConnection,
    first: dt.date,
    last: dt.date,
    missed: bool,
    limit: int = TOP_ERRORS,
) -> Table:
    """Return the custom dictionary's most frequent missed (or extra) words with their evidence."""
    params = {"first": first, "last": last, "missed": missed, "limit": limit}
    return fetch_table(warehouse.run(con, "report_word_errors", params))


def error_kinds(con: duckdb.DuckDBPyConnection, first: dt.date, last: dt.date) -> Table:
    """Return the custom dictionary's pairs, answers and errors by kind: repeated, reversed, new."""
    return fetch_table(warehouse.run(con, "report_error_kinds", {"first": first, "last": last}))


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


def coverage(con: duckdb.DuckDBPyConnection, first: dt.date, last: dt.date) -> dict[str, int]:
    """Return the window's puzzles, official answers and answers among the eligible pairs."""
    table = fetch_table(warehouse.run(con, "report_coverage", {"first": first, "last": last}))
    return dict(zip(table.columns, table.rows[0], strict=True))


def game_report(
    con: duckdb.DuckDBPyConnection,
    game: str,
    first: dt.date | None = None,
    last: dt.date | None = None,
    train_until: dt.date | None = None,
) -> GameReport:
    """Score every dictionary of one game over a window (default: the archive's last 12 months)."""
    title = GAME_TITLES[game]
    use_game(con, game)
    default_first, default_last = default_window(con, train_until)
    first, last = first or default_first, last or default_last
    if train_until is not None and first <= train_until:
        raise UserError(f"--from {first} must be after --train-until {train_until}")
    if first > last:
        raise UserError(f"the {title} window {first} .. {last} is empty")
    with progress.step(f"{title}: predictions of every dictionary for every eligible pair"):
        prepare_pairs(con, game, train_until)
    with progress.step(f"{title}: scores for {first} .. {last}, and per month"):
        archive_first, archive_last = archive_dates(con)
        return GameReport(
            game=game,
            first=first,
            last=last,
            train_until=train_until,
            coverage=coverage(con, first, last),
            scores=scores(con, first, last),
            archive_scores=scores(con, archive_first, archive_last).where("grain", "month"),
            missed=word_errors(con, first, last, missed=True),
            extra=word_errors(con, first, last, missed=False),
            error_kinds=error_kinds(con, first, last),
        )


def file_stem(game: str) -> str:
    """Return the prefix of a game's report files (spelling_bee, letter_boxed)."""
    return dictionary.TABLE_PREFIX[game]


def write_csv(table: Table, path: Path) -> Path:
    """Write a table as CSV (floats to 6 decimals) and return the path."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(table.columns)
        writer.writerows([_csv_value(value) for value in row] for row in table.rows)
    return path


def _csv_value(value: object) -> object:
    """Return a CSV cell: floats rounded, missing values empty."""
    if isinstance(value, float):
        return f"{value:.6f}"
    return "" if value is None else value


def write_report_files(report: GameReport, folder: Path) -> list[Path]:
    """Write the report's CSV files and chart into a folder and return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = file_stem(report.game)
    tables = {
        "overall": report.grain("window"),
        "by_year": report.grain("year"),
        "by_month": report.grain("month"),
        "archive_by_month": Table(
            ("month", "dictionary", *SCORE_COLUMNS),
            report.archive_scores.select("period", "dictionary", *SCORE_COLUMNS).rows,
        ),
        "missed_words": report.missed,
        "extra_words": report.extra,
        "error_kinds": report.error_kinds,
    }
    paths = [write_csv(table, folder / f"{stem}_{name}.csv") for name, table in tables.items()]
    chart = folder / f"{stem}_precision_recall.png"
    plot_precision_recall(report, chart)
    return [*paths, chart]


def plot_precision_recall(report: GameReport, path: Path) -> Path:
    """Draw precision and recall per month over the archive, custom against the raw lists."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (top, bottom) = plt.subplots(2, 1, figsize=(12, 8), sharex=True)
    for name in DICTIONARIES:
        rows = report.archive_scores.where("dictionary", name)
        months = [dt.date.fromisoformat(f"{month}-01") for month in rows.column("period")]
        style = _line_style(name)
        top.plot(months, rows.column("precision"), label=name, **style)
        bottom.plot(months, rows.column("recall"), label=name, **style)
    for axis, label in ((top, "precision"), (bottom, "recall")):
        axis.set_ylabel(f"{label} (micro, per month)")
        axis.set_ylim(0, 1.02)
        axis.grid(alpha=0.3)
        axis.axvspan(report.first, report.last, color="gold", alpha=0.12, lw=0)
        if report.train_until is not None:
            axis.axvline(report.train_until, color="black", lw=0.8, ls=":")
    custom = (
        "rolling backtest" if report.train_until is None else f"trained to {report.train_until}"
    )
    top.set_title(
        f"{GAME_TITLES[report.game]}: precision and recall against {OFFICIAL_ANSWERS[report.game]} "
        f"(custom = {custom}; shaded = report window)"
    )
    top.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def _line_style(name: str) -> dict:
    """Return the line style of a dictionary in the chart: custom stands out."""
    return LINE_STYLES.get(name, {"lw": 1.0})


def markdown(report: GameReport, files: list[Path] | None = None) -> str:
    """Return the Markdown summary of one game's report."""
    title = GAME_TITLES[report.game]
    custom = (
        "the rolling backtest: each puzzle judged only on evidence from before its date"
        if report.train_until is None
        else f"a single split: rule applied with evidence up to {report.train_until}"
    )
    found = report.coverage
    parts = [
        f"# {title}: dictionaries against {OFFICIAL_ANSWERS[report.game]}",
        f"Window {report.first} .. {report.last}: {found['puzzles']:,} puzzles, "
        f"{found['official_answers']:,} official answers. Custom dictionary = {custom}; "
        "a raw list predicts a word iff it holds it; past_answers = accepted at least once before.",
        _recall_note(report),
        "Micro pools every eligible (puzzle, word) pair; macro is the mean of per-puzzle scores.",
        "## Window",
        _score_markdown(report.grain("window"), first=("dictionary",)),
        "## By year",
        _score_markdown(report.grain("year"), first=("year", "dictionary")),
        "## Custom dictionary by month",
        _score_markdown(report.grain("month").where("dictionary", "custom"), first=("month",)),
        "## Where the custom dictionary's errors come from",
        _error_kinds_markdown(report.error_kinds),
        f"## Most frequent missed words (official answers the custom dictionary left out, top {TOP_ERRORS})",
        _errors_markdown(report.missed),
        f"## Most frequent extra words (predicted but not accepted, top {TOP_ERRORS})",
        _errors_markdown(report.extra),
    ]
    if files:
        parts.append("Files: " + ", ".join(str(path) for path in files))
    return "\n\n".join(parts)


def _recall_note(report: GameReport) -> str:
    """Return the sentence saying whether recall counts every official answer."""
    found = report.coverage
    if found["official_answers"] == found["answers_in_backtest"]:
        return (
            f"Recall is honest: all {found['official_answers']:,} official answers of the window are "
            "eligible pairs (the universe includes every past answer), so no answer outside every "
            "list is missed silently."
        )
    return (
        f"Warning: only {found['answers_in_backtest']:,} of the window's "
        f"{found['official_answers']:,} official answers are eligible pairs; recall ignores the rest."
    )


def _score_markdown(table: Table, first: tuple[str, ...]) -> str:
    """Return a score table as Markdown: its key columns, then counts and scores."""
    columns = (*first, "puzzles", "predicted", "hits", "precision", "recall", "f1", "macro_f1")
    headers = [*first, "puzzles", "predicted", "correct", "P", "R", "F1", "macro F1"]
    if len(first) == 1 and first[0] == "dictionary":
        columns = (*columns[:-1], "macro_precision", "macro_recall", "macro_f1")
        headers = [*headers[:-1], "macro P", "macro R", "macro F1"]
    return markdown_table(headers, table.select(*columns).rows)


def _error_kinds_markdown(kinds: Table) -> str:
    """Return the errors by kind as Markdown, with the ceiling the reversals leave."""
    rows = [
        (ERROR_KINDS[kind], pairs, answers, predicted, extra, missed)
        for kind, pairs, answers, predicted, extra, missed in kinds.rows
    ]
    headers = ["kind of pair", "pairs", "answers", "predicted", "extra", "missed"]
    precision, recall = last_verdict_ceiling(kinds)
    return (
        markdown_table(headers, rows)
        + "\n\nA reversal is an error of any rule that trusts the NYT's last verdict on a word. "
        "Guessing every new pair right and following the last verdict everywhere else would "
        f"score P {precision:.4f}, R {recall:.4f}: the ceiling the reversals leave."
    )


def _errors_markdown(table: Table) -> str:
    """Return the missed or extra words as Markdown."""
    if not table.rows:
        return "(none)"
    evidence = table.select(
        "word",
        "times",
        "eligible",
        "accepted",
        "prior_accepted",
        "prior_verdicts",
        "included_now",
        "reason",
    )
    rows = [
        (
            word,
            times,
            eligible,
            accepted,
            f"{before_accepted}/{before}",
            "in" if now else "out",
            why,
        )
        for word, times, eligible, accepted, before_accepted, before, now, why in evidence.rows
    ]
    headers = [
        "word",
        "times",
        "eligible",
        "accepted",
        "accepted/eligible before",
        "now",
        "reason now",
    ]
    return markdown_table(headers, rows)


def report(
    games: tuple[str, ...],
    folder: Path,
    first: dt.date | None = None,
    last: dt.date | None = None,
    train_until: dt.date | None = None,
) -> str:
    """Report every game into a folder and return the Markdown summary."""
    con = warehouse.connect(read_only=True)
    con.execute(
        "SET enable_progress_bar = false"
    )  # DuckDB draws it on stdout, the Markdown's place
    sections = []
    for game in games:
        game_scores = game_report(con, game, first, last, train_until)
        with progress.step(f"{GAME_TITLES[game]}: writing CSV files and the chart to {folder}"):
            files = write_report_files(game_scores, folder)
        sections.append(markdown(game_scores, files))
        if game == "letter-boxed":
            sections.append(letter_boxed_solutions_section(con, folder))
    return "\n\n".join(sections)


def letter_boxed_solutions_section(con: duckdb.DuckDBPyConnection, folder: Path) -> str:
    """Solve every archived day exactly, compare with the NYT's solution, write the CSV."""
    from pipeline import letter_boxed_report

    if not all(
        warehouse.table_exists(con, t) for t in ("letter_boxed_puzzles", "letter_boxed_dictionary")
    ):
        return "## The NYT's own solutions against the exact solver\n\nNo Letter Boxed archive: run `pipeline scrape letter-boxed`."
    days = letter_boxed_report.solve_archive(con)
    columns, rows = letter_boxed_report.nyt_solution_rows(days)
    path = write_csv(Table(columns, rows), folder / "letter_boxed_nyt_solutions.csv")
    return letter_boxed_report.nyt_solutions_markdown(days) + f"\n\nFile: {path}"
