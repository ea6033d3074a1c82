"""The commands that read the warehouse for people: `today`, `export`, `report`, `explain` and
`bench stages`."""

# No `from __future__ import annotations` here: Typer would evaluate every command's annotations
# from their text at each start-up (10 ms); the few helpers' type-only names are quoted instead.
import contextlib
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from pipeline import config
from pipeline.cli.app import app, bench_app
from pipeline.cli.options import (
    REPORTS,
    SOLVING,
    AsJson,
    ExportFormat,
    FromAlias,
    Offline,
    Since,
    emit,
    is_offline,
    parse_date,
    print_json,
    require_at_least_one,
    since_or_from,
    user_errors,
)
from pipeline.errors import UserError
from pipeline.games import GAMES, GameName, game_named, games_named
from pipeline.render.text import plural
from pipeline.storage.named_lists import CUSTOM

ExportWhat = StrEnum(  # type: ignore[misc]
    "ExportWhat", {**{game.slug: game.name for game in GAMES}, CUSTOM: CUSTOM}
)
"""What `pipeline export` writes: a game's archive, or (`custom GAME`) a custom dictionary."""


@app.command(rich_help_panel=SOLVING)
@user_errors
def today(
    game: Annotated[GameName | None, typer.Argument(help="One game (both by default).")] = None,
    date: Annotated[
        str | None, typer.Option(help="A stored puzzle's date, YYYY-MM-DD (default: today's).")
    ] = None,
    reveal: Annotated[
        bool, typer.Option("--reveal", help="Print the answers (and, for a past date, the errors).")
    ] = False,
    clues: Annotated[
        bool,
        typer.Option(
            "--clues",
            help="Also print a clue to each word (Letter Boxed: each word of the best solution): "
            "its first two letters, length, WordNet clue and example, never the word.",
        ),
    ] = False,
    offline: Offline = False,
    as_json: AsJson = False,
) -> None:
    """Show today's puzzle and what the custom dictionary expects, without the answers.

    Online it reads the live NYT page; with --date, or offline, the warehouse (the latest stored puzzle when no date is given). The first line says which.

    Example: pipeline today spelling-bee --date 2025-08-01 --reveal
    Example: pipeline today letter-boxed --date 2025-08-01 --clues
    """
    from pipeline.stages.today import clue_reader, day_clues, day_record, format_day
    from pipeline.stages.today import today as run_today
    from pipeline.storage import warehouse
    from pipeline.storage.day_files import DayFiles
    from pipeline.storage.download import Downloader
    from pipeline.storage.reader import Reader

    day = parse_date(date, "--date", None)
    downloader = Downloader.from_env(offline=is_offline(offline))
    with contextlib.ExitStack() as stack:
        reader: Reader | None = DayFiles.fresh()  # the days the build wrote, when fresh
        if reader is None and config.warehouse_path().exists():
            con = stack.enter_context(warehouse.open_warehouse(read_only=True))
            reader = warehouse.WarehouseReader(con)
        days = [run_today(reader, chosen, day, downloader) for chosen in games_named(game)]
        clued = clue_reader(stack, reader) if clues else None
        given = [None if clued is None else day_clues(clued, one) for one in days]
    shown = list(zip(days, given, strict=True))
    emit(
        as_json,
        lambda: {"days": [day_record(one, reveal, its) for one, its in shown]},
        lambda: "\n\n".join(format_day(one, reveal, its) for one, its in shown),
    )


@app.command(rich_help_panel=REPORTS)
@user_errors
def export(
    what: Annotated[
        ExportWhat,
        typer.Argument(help="spelling-bee or letter-boxed (the archive), or custom GAME."),
    ],
    game: Annotated[
        GameName | None, typer.Argument(help="With custom: the game whose dictionary to write.")
    ] = None,
    format: Annotated[
        ExportFormat, typer.Option("--format", help="Output format.")
    ] = ExportFormat.jsonl,
    out: Annotated[Path | None, typer.Option(help="Output file (default: stdout).")] = None,
    since: Annotated[
        str | None, typer.Option("--since", help="The archive's first day, YYYY-MM-DD.")
    ] = None,
    until: Annotated[
        str | None, typer.Option("--until", help="The archive's last day, YYYY-MM-DD.")
    ] = None,
    included_only: Annotated[
        bool, typer.Option("--included-only", help="custom: the words the list holds only.")
    ] = False,
    min_probability: Annotated[
        float,
        typer.Option(
            "--min-probability", metavar="P", help="custom: words of probability P or more only."
        ),
    ] = 0.0,
) -> None:
    """Write the archive of one game, one record per day; or a custom dictionary, one row per universe word (word, probability, included, reason).

    Example: pipeline export letter-boxed --since 2025-01-01 --format parquet --out lb.parquet
    Example: pipeline export custom spelling-bee --included-only --format csv --out sb.csv
    """
    from pipeline.stages.export import check_export_target, export_archive, export_custom

    names = " or ".join(game.name for game in GAMES)
    if what.value == CUSTOM and game is None:
        raise UserError(f"export custom needs a game: {names}")
    if what.value != CUSTOM and game is not None:
        raise UserError(f"export {what.value} takes no second argument (did you mean custom?)")
    if game is not None and (since or until):
        raise UserError("--since and --until choose archive days: export custom has no dates")
    if game is None and (included_only or min_probability):
        raise UserError(
            "--included-only and --min-probability choose custom words: use export custom"
        )
    if not 0.0 <= min_probability <= 1.0:
        raise UserError(f"--min-probability {min_probability:g} is not a probability (0 to 1)")
    first, last = parse_date(since, "--since", None), parse_date(until, "--until", None)
    if first and last and first > last:
        raise UserError(f"--since {first} is after --until {last}")
    check_export_target(format.value, out)
    from pipeline.storage import warehouse

    with warehouse.open_warehouse(read_only=True) as con:
        if game is not None:
            count = export_custom(
                con, game_named(game), format.value, out, included_only, min_probability
            )
        else:
            count = export_archive(con, game_named(what.value), format.value, out, first, last)
    if out is not None:
        print(f"wrote {plural(count, 'record')} to {out}", file=sys.stderr)


@app.command(rich_help_panel=REPORTS)
@user_errors
def report(
    game: Annotated[GameName | None, typer.Argument(help="One game (both by default).")] = None,
    since: Annotated[
        str | None,
        typer.Option(
            "--since", help="First puzzle date, YYYY-MM-DD (default: last date - 364 days)."
        ),
    ] = None,
    until: Annotated[
        str | None, typer.Option(help="Last puzzle date, YYYY-MM-DD (default: the archive's last).")
    ] = None,
    train_until: Annotated[
        str | None,
        typer.Option(
            help="Judge the custom dictionary on one split: evidence up to this date, puzzles after it."
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            envvar="PIPELINE_REPORTS",
            show_envvar=True,
            help="Folder for the CSV files, charts and page (default: reports/).",
        ),
    ] = None,
    html: Annotated[
        bool, typer.Option("--html", help="Also write the report as one web page, index.html.")
    ] = False,
    as_json: AsJson = False,
    old_from: FromAlias = None,
) -> None:
    """Score the custom dictionary and the raw word lists against the NYT's answers.

    Prints Markdown (precision, recall, F1, micro and macro; by year; by month; missed and extra words) and writes the tables as CSV and a precision/recall chart per game into --out; with --html also index.html, one self-contained page with charts and each error word's evidence.

    Example: pipeline report spelling-bee --since 2025-01-01 --html --out /tmp/reports
    """
    from pipeline import games
    from pipeline.render import json as render_json
    from pipeline.render import markdown as render_markdown
    from pipeline.stages.report import file_names
    from pipeline.stages.report import report as run_report
    from pipeline.storage import warehouse
    from pipeline.storage.output_paths import check_output_folder, default_folder

    since, since_option = since_or_from(since, old_from)
    first = parse_date(since, since_option, None)
    last = parse_date(until, "--until", None)
    cut_off = parse_date(train_until, "--train-until", None)
    if first is not None and last is not None and first > last:
        raise UserError(f"{since_option} {first} is after --until {last}")
    chosen = games.games_named(game)
    folder = out or default_folder(config.reports_dir())
    check_output_folder(folder, file_names(chosen, html))

    with warehouse.open_warehouse(read_only=True) as con:
        reported = run_report(con, chosen, folder, first, last, cut_off, html)
    if as_json:
        print_json(render_json.report_record(reported))
    else:
        print(render_markdown.report_markdown(reported))


@app.command(rich_help_panel=REPORTS)
@user_errors
def explain(
    word: Annotated[str, typer.Argument(help="The word to explain.")],
    game: Annotated[GameName | None, typer.Option(help="One game (both by default).")] = None,
    as_json: AsJson = False,
) -> None:
    """Show the evidence for a word and why the custom dictionary includes or leaves it out.

    A word in no list and never an NYT answer is an error (exit 2); a known word outside a game's universe (too short) is reported as such (exit 0).

    Example: pipeline explain tipi --game spelling-bee
    """
    from pipeline import games
    from pipeline.stages.explain import explain as run_explain
    from pipeline.stages.explain import explain_record
    from pipeline.storage import warehouse
    from pipeline.storage.explain_index import ExplainIndex
    from pipeline.storage.reader import Reader

    with contextlib.ExitStack() as stack:
        index = ExplainIndex.open_fresh()  # the index the build wrote, when fresh
        if index is not None:
            reader: Reader = stack.enter_context(index)
        else:
            con = stack.enter_context(warehouse.open_warehouse(read_only=True))
            reader = warehouse.WarehouseReader(con)
        if as_json:
            print_json(explain_record(reader, word, games.games_named(game)))
        else:
            print(run_explain(reader, word, games.games_named(game)))


CHANGES_LIMIT = 20  # the words `pipeline changes` prints unless told

ChangeKind = StrEnum(  # type: ignore[misc]
    "ChangeKind",
    {
        "accepted_then_rejected": "accepted-then-rejected",
        "rejected_then_accepted": "rejected-then-accepted",
        "all": "all",
    },
)
"""The kinds of flip `pipeline changes --kind` lists."""


@app.command(rich_help_panel=REPORTS)
@user_errors
def changes(
    game: Annotated[GameName, typer.Argument(help="The game.")],
    since: Since = None,
    until: Annotated[str | None, typer.Option(help="Last date, YYYY-MM-DD.")] = None,
    word: Annotated[str | None, typer.Option(help="One word's history.")] = None,
    kind: Annotated[
        ChangeKind, typer.Option(help="Only the words with a flip of this kind.")
    ] = ChangeKind["all"],
    format: Annotated[
        ExportFormat | None,
        typer.Option("--format", help="Write one record per word in this format (with --out)."),
    ] = None,
    out: Annotated[Path | None, typer.Option(help="Output file (default: stdout).")] = None,
    limit: Annotated[
        int, typer.Option(help="Print the N words with the most flips (--format writes all).")
    ] = CHANGES_LIMIT,
    as_json: AsJson = False,
) -> None:
    """Show the words the NYT both accepted and left out where they qualified: their flips, their history and where they stand, with counts per kind and year.

    Example: pipeline changes spelling-bee --until 2024-11-18 --json
    Example: pipeline changes spelling-bee --word hied
    Example: pipeline changes letter-boxed --format csv --out changes.csv
    """
    from pipeline.render.markdown import sections_markdown
    from pipeline.report.changes import changes_sections
    from pipeline.stages import changes as stage
    from pipeline.stages.explain import normalize
    from pipeline.stages.export import check_export_target
    from pipeline.storage import warehouse
    from pipeline.storage.table_files import write_relation

    first = parse_date(since, "--since", None)
    last = parse_date(until, "--until", None)
    if first is not None and last is not None and first > last:
        raise UserError(f"--since {first} is after --until {last}")
    require_at_least_one(limit, "--limit")
    if as_json and (format is not None or out is not None):
        raise UserError("--json prints one object: --format and --out do not apply")
    fmt = (format or ExportFormat.jsonl).value if (format or out) else None
    if fmt is not None:
        check_export_target(fmt, out)
    chosen = game_named(game)
    one_word = normalize(word) if word is not None else None
    asked = stage.ChangesAsked(chosen, first, last, one_word, kind.value)
    with warehouse.open_warehouse(read_only=True) as con:
        if fmt is not None:
            relation = stage.changes_relation(con, asked)
            count = write_relation(relation, fmt, out)
            if out is not None:
                print(f"wrote {plural(count, 'record')} to {out}", file=sys.stderr)
            return
        found = stage.changes(con, asked)
    if as_json:
        print_json(stage.changes_record(found))
    elif one_word is not None and not found.words.rows:
        print(
            f"{chosen.title}: the NYT never both accepted and left out {one_word!r} in this window"
        )
    else:
        print(sections_markdown(changes_sections(found, limit=limit)))


@bench_app.command("stages")
@user_errors
def bench_stages(
    only: Annotated[
        list[str] | None,
        typer.Option(
            "--stage",
            help="One stage to time (start-up, today, explain, solve-letter-boxed, words, build, "
            "words+build, report, export); repeatable.",
        ),
    ] = None,
    against: Annotated[
        Path | None,
        typer.Option(
            help="A second checkout (with its .venv and warehouse) whose same commands run "
            "alternately with these; each stage's ratio is printed beside its target."
        ),
    ] = None,
    runs: Annotated[
        int | None, typer.Option(help="Runs of each stage (default: 5 for the short ones, else 1).")
    ] = None,
) -> None:
    """Time whole commands as processes (start-up, today, explain, solve-letter-boxed, words, build, words+build, report, export): wall time and peak memory beside their targets, on a copy of the warehouse; with --against, the ratios to a second checkout's.

    Example: pipeline bench stages --stage today --stage explain --against ../baseline
    """
    from pipeline.bench.stages import STAGE_NAMES, bench_stages, format_stage_bench

    unknown = sorted(set(only or ()) - set(STAGE_NAMES))
    if unknown:
        raise UserError(f"unknown stage {unknown[0]!r}: use one of {', '.join(STAGE_NAMES)}")
    if runs is not None:
        require_at_least_one(runs, "--runs")
    timings = bench_stages(only or STAGE_NAMES, against, runs)
    print(format_stage_bench(timings, against))
