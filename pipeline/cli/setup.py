"""The setup stages' commands: `pipeline words`, `scrape` and `build`."""

# No `from __future__ import annotations` here: Typer would evaluate every command's annotations
# from their text at each start-up (10 ms); the few helpers' type-only names are quoted instead.
import datetime as dt
from typing import Annotated

import typer

from pipeline import config
from pipeline.cli.app import app
from pipeline.cli.options import (
    SETUP,
    AsJson,
    FromAlias,
    Offline,
    Since,
    is_offline,
    parse_date,
    print_json,
    since_or_from,
    stage_warehouse,
    user_errors,
)
from pipeline.errors import UserError
from pipeline.games import GameName, games_named


@app.command(rich_help_panel=SETUP)
@user_errors
def words(offline: Offline = False) -> None:
    """Read every word source into the warehouse's `words` table.

    Example: pipeline words --offline
    """
    from pipeline.stages.summaries import print_word_sources
    from pipeline.stages.words import build_words

    config.mirror_dir()  # a PIPELINE_MIRROR that names no folder fails before any work
    with stage_warehouse() as con:
        build_words(con, offline=is_offline(offline))
        print_word_sources(con)


@app.command(rich_help_panel=SETUP)
@user_errors
def scrape(
    game: Annotated[GameName | None, typer.Argument(help="One game (both by default).")] = None,
    since: Since = None,
    until: Annotated[
        str | None, typer.Option(help="Last date, YYYY-MM-DD (default today).")
    ] = None,
    offline: Offline = False,
    retry_quarantined: Annotated[
        bool, typer.Option(help="Fetch the quarantined dates again.")
    ] = False,
    as_json: AsJson = False,
    old_from: FromAlias = None,
) -> None:
    """Download, parse, validate and load the official answers of past puzzles.

    Example: pipeline scrape spelling-bee --since 2025-07-01 --offline
    """
    from pipeline.sources import first_date
    from pipeline.stages.scrape import download, load_run, read_known
    from pipeline.stages.summaries import print_scrape_summary, scrape_record

    since, since_option = since_or_from(since, old_from)
    first = parse_date(since, since_option, first_date())
    last = parse_date(until, "--until", dt.date.today())
    if first > last:
        raise UserError(f"{since_option} {first} is after --until {last}")
    config.mirror_dir()  # a PIPELINE_MIRROR that names no folder fails before any work
    from pipeline.stages.scrape import Known
    from pipeline.storage import warehouse

    known = Known()
    if config.warehouse_path().exists():
        with warehouse.open_warehouse(read_only=True) as con:
            known = read_known(con, retry_quarantined)
    run = download(known, games_named(game), first, last, is_offline(offline))  # no lock held
    with stage_warehouse() as con:
        load_run(con, run)
        if as_json:
            print_json(scrape_record(con, run.loaded_dates()))
        else:
            print_scrape_summary(con, run.loaded_dates())


@app.command(rich_help_panel=SETUP)
@user_errors
def build(
    game: Annotated[GameName | None, typer.Argument(help="One game (both by default).")] = None,
    as_json: AsJson = False,
) -> None:
    """Build the custom dictionaries from the evidence, choosing the rule by backtest.

    Example: pipeline build spelling-bee
    """
    from pipeline.dates import validation_window
    from pipeline.stages import build as stage
    from pipeline.storage import custom_lists
    from pipeline.storage.edits import read_edits

    edits = read_edits()  # a bad line of data/custom/edits.tsv stops the build before any work
    build_id = stage.new_build_id()
    try:
        with stage_warehouse(lambda path: custom_lists.seal_manifest(build_id, path)) as con:
            summaries = stage.build(con, games_named(game), build_id, edits)
    except BaseException:  # the warehouse was not replaced: its staged lists go too
        custom_lists.discard_staged_lists(build_id)
        raise
    custom_lists.publish_word_lists({summary.game.name: build_id for summary in summaries})
    if as_json:
        print_json({summary.game.name: stage.build_record(summary) for summary in summaries})
        return
    for summary in summaries:
        test = summary.test_year
        chosen_from, chosen_until = validation_window(test.last)
        print(
            f"{summary.game.name}: {len(summary.words):,} words\n"
            f"  the validation year, {chosen_from} .. {chosen_until} (the rule chosen on it): "
            f"micro {scores_line(summary.validation)}; "
            f"new words {scores_line(summary.new_words)}\n"
            f"  the year after it, {test.first} .. {test.last} (the report's window): micro "
            f"{scores_line(test.scores)}; new words {scores_line(test.new_words)}\n"
            f"  rule: {summary.rule.describe()}\n"
            f"  maybe: {len(summary.maybe):,} words with {summary.band.describe()}"
        )


def scores_line(scores: dict[str, float]) -> str:
    """Return micro precision, recall and F1 in a few words: `P 0.9931 R 0.9948 F1 0.9940`."""
    return f"P {scores['precision']:.4f} R {scores['recall']:.4f} F1 {scores['f1']:.4f}"
