"""The report stage: how well the custom dictionary and the raw word lists predict the NYT's answers.

Every score is computed over the eligible (date, word) pairs of the `backtest` table: for each past
puzzle, every universe word the puzzle allowed, with the NYT verdict. The custom dictionary's
prediction is the rolling backtest (judged only on evidence from before each date) or, with a
training cut-off, a single train/test split; a raw list predicts "accepted" iff the word is in it.

This module queries; `report/sections.py` turns the results into sections, which the renderers
(`pipeline/render/`) turn into text, files, charts and the page.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

from pipeline import progress
from pipeline.dates import last_year
from pipeline.errors import UserError
from pipeline.games import Game
from pipeline.games.hooks import ReportContext, hooks_of
from pipeline.games.windows import require_stored_puzzles
from pipeline.model.rule import Rule
from pipeline.render import chart as render_chart
from pipeline.render import csv as render_csv
from pipeline.render.model import Reported, Section
from pipeline.report import confidence, sections
from pipeline.report.changes import reversals_files, reversals_section
from pipeline.report.results import TOP_ERRORS, ConfidenceReport, GameReport
from pipeline.sources.word_lists import reported_lists
from pipeline.stages import backtest, changes
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection
from pipeline.table import Table

RAW_LISTS = reported_lists()  # the registered word lists the report scores as raw lists
DICTIONARIES = ("custom", "past_answers", *(raw.name for raw in RAW_LISTS))
HTML_FILE = "index.html"


def archive_dates(con: Connection, game: Game) -> tuple[dt.date, dt.date]:
    """Return the first and last date of a game's backtest."""
    dates = warehouse.query(con, "report/archive_dates", {"game": game.name}).record()
    if dates.last is None:
        raise UserError(f"the {game.title} backtest is empty: run `pipeline build` first")
    return dates.first, dates.last


def default_window(
    con: Connection, game: Game, train_until: dt.date | None = None
) -> tuple[dt.date, dt.date]:
    """Return the last 12 months of the archive, or everything after the training cut-off."""
    _, last = archive_dates(con, game)
    if train_until is not None:
        return train_until + dt.timedelta(days=1), last
    return last_year(last)


def stored_rule(con: Connection, game: Game) -> Rule:
    """Return the rule the last build chose for a game."""
    warehouse.require_tables(con, "dictionary_rules", stage_hint="pipeline build")
    rows = warehouse.query(con, "report/stored_rule", {"game": game.name}).rows
    if not rows:
        raise UserError(f"no stored rule for {game.name}: run `pipeline build {game.name}` first")
    return Rule(*rows[0])


def prepare_pairs(con: Connection, game: Game, train_until: dt.date | None = None) -> None:
    """Create the view report_pairs (rolling backtest or split) and the table
    report_puzzle_counts for a game (every dictionary's counts per puzzle; the raw lists are
    the registry's, handed over as report_lists)."""
    backtest.require_backtest(con, game)
    if train_until is None:
        warehouse.run(con, "report/custom_backtest")
    else:
        backtest.split_predictions(con, game, train_until, stored_rule(con, game))
        warehouse.run(con, "report/custom_split", {"game": game.name, "train_until": train_until})
    lists: dict[str, list] = {
        "name": [raw.name for raw in RAW_LISTS],
        "source": [raw.source for raw in RAW_LISTS],
        "top_rank": [raw.top_rank for raw in RAW_LISTS],
        "position": list(range(len(RAW_LISTS))),
    }
    warehouse.hand_over(con, "report_lists", lists)
    warehouse.run(con, "report/pairs", {"game": game.name})
    warehouse.release(con, "report_lists")


def scores(con: Connection, game: Game, first: dt.date, last: dt.date) -> Table:
    """Return micro and macro P/R/F1 per dictionary over the window, per year and per month."""
    params = {"game": game.name, "first": first, "last": last, "dictionaries": list(DICTIONARIES)}
    return warehouse.query(con, "report/scores", params)


def word_errors(
    con: Connection, game: Game, first: dt.date, last: dt.date, limit: int = TOP_ERRORS
) -> dict[str, Table]:
    """Return the custom dictionary's most frequent missed and extra words with their evidence,
    by kind ("missed", "extra"), from one query."""
    params = {"game": game.name, "first": first, "last": last, "limit": limit}
    errors = warehouse.query(con, "report/word_errors", params)
    columns = errors.columns[1:]  # without the kind
    return {kind: errors.where("kind", kind).select(*columns) for kind in ("missed", "extra")}


def error_kinds(con: Connection, game: Game, first: dt.date, last: dt.date) -> Table:
    """Return the custom dictionary's pairs, answers and errors by kind: repeated, reversed, new."""
    params = {"game": game.name, "first": first, "last": last}
    return warehouse.query(con, "report/error_kinds", params)


def coverage(con: Connection, game: Game, first: dt.date, last: dt.date) -> dict[str, int]:
    """Return the window's puzzles, official answers and answers among the eligible pairs."""
    warehouse.require_tables(con, "official_answers", stage_hint="pipeline scrape")
    params = {"game": game.name, "first": first, "last": last}
    table = warehouse.query(con, "report/coverage", params)
    return dict(zip(table.columns, table.rows[0], strict=True))


def report_window(
    con: Connection,
    game: Game,
    first: dt.date | None = None,
    last: dt.date | None = None,
    train_until: dt.date | None = None,
) -> tuple[dt.date, dt.date]:
    """Return the window a report scores (default: the archive's last 12 months); a window or
    training cut-off that leaves nothing to score is a UserError, raised before any scoring."""
    backtest.require_backtest(con, game)
    require_stored_puzzles(con, game, first, last)  # the window asked for, as every command
    archive_first, archive_last = archive_dates(con, game)
    if train_until is not None and train_until < archive_first:
        raise UserError(
            f"--train-until {train_until} is before the {game.title} archive's first date "
            f"{archive_first}: there would be no evidence to train on"
        )
    default_first, default_last = default_window(con, game, train_until)
    first, last = first or default_first, last or default_last
    if train_until is not None and first <= train_until:
        raise UserError(f"--from {first} must be after --train-until {train_until}")
    if first > last:
        raise UserError(f"the {game.title} window {first} .. {last} is empty")
    if coverage(con, game, first, last)["puzzles"] == 0:  # stored, but never backtested
        raise UserError(
            f"no {game.title} puzzle from {first} to {last}: the archive runs from "
            f"{archive_first} to {archive_last}"
        )
    return first, last


def score_window(
    con: Connection, game: Game, first: dt.date, last: dt.date, train_until: dt.date | None
) -> GameReport:
    """Score every dictionary of one game over a window that report_window has checked."""
    with progress.step(f"{game.title}: predictions of every dictionary for every eligible pair"):
        prepare_pairs(con, game, train_until)
    with progress.step(f"{game.title}: scores for {first} .. {last}, and per month"):
        archive_first, archive_last = archive_dates(con, game)
        errors = word_errors(con, game, first, last)
        return GameReport(
            game=game,
            first=first,
            last=last,
            train_until=train_until,
            coverage=coverage(con, game, first, last),
            scores=scores(con, game, first, last),
            archive_scores=scores(con, game, archive_first, archive_last).where("grain", "month"),
            missed=errors["missed"],
            extra=errors["extra"],
            error_kinds=error_kinds(con, game, first, last),
        )


def file_names(games: tuple[Game, ...], html: bool = False) -> list[str]:
    """Return the names of the files a report of these games writes into its folder (checked
    before any scoring; tests/test_report.py checks the list against what a report writes)."""
    names = []
    for game in games:
        names += sections.report_files(game)
        names += reversals_files(game)
        names += hooks_of(game).report_files()
        names += style_files(game)
    return names + ([HTML_FILE] if html else [])


def style_sections(con: Connection, game: Game) -> list[Section]:
    """Return every game's sections on the NYT's style and on the generator's last checks."""
    from pipeline import config
    from pipeline.games.style import CHECKS_FILE, generated_checks_sections, nyt_style_sections

    return [
        *nyt_style_sections(con, game, hooks_of(game).style_candidates),
        *generated_checks_sections(game, config.reports_dir() / CHECKS_FILE),
    ]


def style_files(game: Game) -> list[str]:
    """Return the names of the files the style sections write."""
    from pipeline.games.style import nyt_style_file
    from pipeline.games.style_sections import checks_file

    return [nyt_style_file(game), checks_file(game)]


def write_charts(
    report: GameReport, confidence_report: ConfidenceReport, folder: Path
) -> list[Path]:
    """Draw a game's precision/recall chart and reliability diagram as PNG files."""
    scores = folder / sections.chart_file(report.game, sections.PRECISION_RECALL_CHART)
    return [
        render_chart.plot_precision_recall(report, DICTIONARIES, scores),
        render_chart.plot_reliability(confidence_report, reliability_chart(report.game, folder)),
    ]


def reliability_chart(game: Game, folder: Path) -> Path:
    """Return the PNG file of a game's reliability diagram."""
    return folder / sections.chart_file(game, sections.RELIABILITY_CHART)


def game_sections(
    con: Connection, report: GameReport, folder: Path, html: bool
) -> tuple[list[Section], list[Path]]:
    """Return one scored game's sections (its scores, how sure it is, its own sections and, for
    the page, each error word's evidence) and write their files."""
    game = report.game
    found = sections.game_sections(report)
    with progress.step(f"{game.title}: calibration, maybe tier, guard and hand edits"):
        confidence_tables = confidence.confidence_report(con, game, report.first, report.last)
        found += sections.confidence_sections(confidence_tables, reliability_chart(game, folder))
    with progress.step(f"{game.title}: the NYT's changes of mind, and the backtest's"):
        found += reversals(con, report)
    with progress.step(f"{game.title}: the sections of the game's own"):
        found += hooks_of(game).report_sections(
            con, ReportContext(folder, report.first, report.last)
        )
        found += style_sections(con, game)
    if html:
        with progress.step(f"{game.title}: the evidence for each missed and extra word"):
            found.append(sections.evidence_section(report, word_evidence(con, report)))
    with progress.step(f"{game.title}: writing CSV files and the charts to {folder}"):
        files = render_csv.write_section_tables(found, folder)
        files += write_charts(report, confidence_tables, folder)
    return [*found, sections.files_section(report, files)], files


def reversals(con: Connection, report: GameReport) -> list[Section]:
    """Return the sections on every flip of the game's archive and how the backtest judged it."""
    if not warehouse.table_exists(con, "verdict_changes"):
        return []
    handled = warehouse.query(con, "report/reversals", {"game": report.game.name})
    return reversals_section(changes.changes(con, changes.ChangesAsked(report.game)), handled)


def report(
    con: Connection,
    games: tuple[Game, ...],
    folder: Path,
    first: dt.date | None = None,
    last: dt.date | None = None,
    train_until: dt.date | None = None,
    html: bool = False,
) -> Reported:
    """Report every game into a folder (CSV files and charts; with `html`, index.html too)."""
    from pipeline.render import html as render_html

    # every game's window is checked before the first is scored
    windows = {game: report_window(con, game, first, last, train_until) for game in games}
    reports, every_section, files = [], [], {}
    for game in games:
        scored = score_window(con, game, *windows[game], train_until)
        reports.append(scored)
        found, files[game.name] = game_sections(con, scored, folder, html)
        every_section += found
    reported = Reported(tuple(reports), tuple(every_section), files)
    if not html:
        return reported
    with progress.step(f"writing {folder / HTML_FILE}"):
        page = render_html.write_html(reported, folder / HTML_FILE)
    return dataclasses.replace(reported, html=page)


def word_evidence(con: Connection, report: GameReport) -> dict[str, list[Section]]:
    """Return what `pipeline explain WORD --game GAME` shows, for each missed and extra word."""
    from pipeline.stages.explain import explain_sections
    from pipeline.storage.warehouse import WarehouseReader

    reader = WarehouseReader(con)
    return {word: explain_sections(reader, word, (report.game,)) for word in report.error_words()}
