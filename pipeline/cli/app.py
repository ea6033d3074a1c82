"""The `pipeline` command: one small function per command; the work lives in the stage modules."""

# No `from __future__ import annotations` here: Typer would evaluate every command's annotations
# from their text at each start-up (10 ms); the few helpers' type-only names are quoted instead.
import contextlib
import datetime as dt
import functools
import sys
from collections.abc import Callable, Iterator
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar, overload

import typer
from typer._click.exceptions import NoArgsIsHelpError, UsageError

from pipeline import config
from pipeline.errors import INTERRUPTED, USAGE, UserError, is_interrupt
from pipeline.games import LETTER_BOXED, SPELLING_BEE, GameName, game_named, games_named
from pipeline.solve.spelling_bee import DEFAULT_SOLVER, SOLVER_NAMES

if TYPE_CHECKING:
    from pipeline.games import Game
    from pipeline.storage.named_lists import MaybeWord, WordList
    from pipeline.storage.warehouse import Connection

F = TypeVar("F", bound=Callable)
T = TypeVar("T")

HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}
SETUP = "Setup stages"  # the help's panels
SOLVING = "Solving"
REPORTS = "Reports"

app = typer.Typer(
    help="Scrape the NYT word games' answers, build dictionaries, solve and report.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings=HELP_OPTIONS,
)
solve_app = typer.Typer(
    help="Solve a Spelling Bee or Letter Boxed puzzle.",
    no_args_is_help=True,
    context_settings=HELP_OPTIONS,
)
bench_app = typer.Typer(
    help="Time the solvers.", no_args_is_help=True, context_settings=HELP_OPTIONS
)
analyze_app = typer.Typer(
    help="Score every possible puzzle of a dictionary.",
    no_args_is_help=True,
    context_settings=HELP_OPTIONS,
)
app.add_typer(solve_app, name="solve", rich_help_panel=SOLVING)
app.add_typer(analyze_app, name="analyze", rich_help_panel=SOLVING)
app.add_typer(bench_app, name="bench", rich_help_panel=REPORTS)

# Options shared by several commands, defined once.
Offline = Annotated[
    bool,
    typer.Option(
        "--offline", envvar="PIPELINE_OFFLINE", show_envvar=True, help="Never use the network."
    ),
]
AsJson = Annotated[
    bool, typer.Option("--json", help="Print one JSON object on stdout (for scripts).")
]
Since = Annotated[str | None, typer.Option("--since", help="First date, YYYY-MM-DD.")]
FromAlias = Annotated[str | None, typer.Option("--from", hidden=True, help="Old name of --since.")]

SolverName = StrEnum("SolverName", {name: name for name in SOLVER_NAMES})  # type: ignore[misc]
"""The Spelling Bee solvers as a choice of the command line."""


def show_version(value: bool) -> None:
    """Print the version and exit (the eager `--version` option)."""
    if value:
        from pipeline import __version__  # read from the package's metadata only when asked

        print(f"pipeline {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=show_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Scrape the NYT word games' answers, build dictionaries, solve and report."""


def print_json(record: object) -> None:
    """Print one JSON object on stdout (dates as ISO text, paths as text)."""
    import json

    print(json.dumps(record, default=str))


class ExportWhat(StrEnum):
    """What `pipeline export` writes: a game's archive, or a custom dictionary."""

    spelling_bee = SPELLING_BEE.name
    letter_boxed = LETTER_BOXED.name
    custom = "custom"


NoMaybe = Annotated[
    bool,
    typer.Option("--no-maybe", help="Hide the maybe words (custom dictionary only)."),
]


class ExportFormat(StrEnum):
    """Formats of `pipeline export`."""

    jsonl = "jsonl"
    csv = "csv"
    parquet = "parquet"


@overload
def parse_date(value: str | None, option: str, default: dt.date) -> dt.date: ...
@overload
def parse_date(value: str | None, option: str, default: None) -> dt.date | None: ...


def parse_date(value: str | None, option: str, default: dt.date | None) -> dt.date | None:
    """Return an ISO date given on the command line, or the default."""
    if value is None:
        return default
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise UserError(f"{option} {value!r} is not a date of the form YYYY-MM-DD") from None


def since_or_from(since: str | None, old_from: str | None) -> tuple[str | None, str]:
    """Return the first date given as --since or its old name --from, and the option used."""
    if since is not None and old_from is not None:
        raise UserError("--since and --from are the same option: give one of them")
    return (since, "--since") if old_from is None else (old_from, "--from")


def user_errors(command: F) -> F:
    """Turn a UserError into one line on stderr and exit status 2, and an interrupt (Ctrl-C, also
    inside a DuckDB query) into exit status 130; `main` prints the line `interrupted`."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except UserError as error:
            print(f"error: {error}", file=sys.stderr)
            raise typer.Exit(USAGE) from None
        except (KeyboardInterrupt, Exception) as error:
            if not is_interrupt(error):
                raise
            raise typer.Exit(INTERRUPTED) from None

    return wrapper  # type: ignore[return-value]


def is_offline(offline: bool) -> bool:
    """Return True when the flag or PIPELINE_OFFLINE forbids the network."""
    return offline or config.offline_from_env()


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
            print_json(scrape_record(con))
        else:
            print_scrape_summary(con)


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
    offline: Offline = False,
) -> None:
    """Show today's puzzle and what the custom dictionary expects, without the answers.

    Online it reads the live NYT page; with --date, or offline, the warehouse (the latest stored
    puzzle when no date is given). The first line says which.

    Example: pipeline today spelling-bee --date 2025-08-01 --reveal
    """
    from pipeline.stages.today import format_day
    from pipeline.stages.today import today as run_today
    from pipeline.storage import warehouse
    from pipeline.storage.download import Downloader

    day = parse_date(date, "--date", None)
    downloader = Downloader.from_env(offline=is_offline(offline))
    with contextlib.ExitStack() as stack:
        con = None
        if config.warehouse_path().exists():
            con = stack.enter_context(warehouse.open_warehouse(read_only=True))
        pages = [
            format_day(run_today(con, chosen, day, downloader), reveal)
            for chosen in games_named(game)
        ]
    print("\n\n".join(pages))


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
) -> None:
    """Write the archive of one game, one record per day; or a custom dictionary, one row per
    universe word (word, probability, included, reason).

    Example: pipeline export letter-boxed --format parquet --out letter_boxed.parquet
    Example: pipeline export custom spelling-bee --format csv --out spelling_bee_custom.csv
    """
    from pipeline.stages.export import check_export_target, export_archive, export_custom

    if what == ExportWhat.custom and game is None:
        raise UserError("export custom needs a game: spelling-bee or letter-boxed")
    if what != ExportWhat.custom and game is not None:
        raise UserError(f"export {what.value} takes no second argument (did you mean custom?)")
    check_export_target(format.value, out)
    from pipeline.storage import warehouse

    with warehouse.open_warehouse(read_only=True) as con:
        if game is not None:
            count = export_custom(con, game_named(game), format.value, out)
        else:
            count = export_archive(con, game_named(what.value), format.value, out)
    if out is not None:
        print(f"wrote {count:,} records to {out}", file=sys.stderr)


@app.command(rich_help_panel=SETUP)
@user_errors
def build(
    game: Annotated[GameName | None, typer.Argument(help="One game (both by default).")] = None,
    as_json: AsJson = False,
) -> None:
    """Build the custom dictionaries from the evidence, choosing the rule by backtest.

    Example: pipeline build spelling-bee
    """
    from pipeline.render.json import build_record
    from pipeline.stages import build as stage
    from pipeline.storage.edits import read_edits

    edits = read_edits()  # a bad line of data/custom/edits.tsv stops the build before any work
    build_id = stage.new_build_id()
    with stage_warehouse() as con:
        summaries = stage.build(con, games_named(game), build_id, edits)
    stage.publish_word_lists({summary.game.name: build_id for summary in summaries})
    if as_json:
        print_json({summary.game.name: build_record(summary) for summary in summaries})
        return
    for summary in summaries:
        scores = summary.validation
        print(
            f"{summary.game.name}: {len(summary.words):,} words; validation-year micro "
            f"P {scores['precision']:.4f} R {scores['recall']:.4f} F1 {scores['f1']:.4f}\n"
            f"  rule: {summary.rule.describe()}\n"
            f"  maybe: {len(summary.maybe):,} words with {summary.band.describe()}"
        )


SeedOption = Annotated[int, typer.Option(help="Seed of the sample of archived puzzles.")]
PuzzleCount = Annotated[
    int, typer.Option("--puzzles", help="How many archived puzzles to time the Python solvers on.")
]
BoardCount = Annotated[int, typer.Option("--boards", help="How many archived boards to time.")]
DictionaryOption = Annotated[
    str,
    typer.Option(
        "--dictionary",
        "-d",
        help="custom, a warehouse list (words_alpha, enable, 2of12id, nltk_words, wordfreq_top50k, ...) or a word file.",
    ),
]


@solve_app.command(SPELLING_BEE.name, rich_help_panel=SOLVING)
@user_errors
def solve_spelling_bee(
    letters: Annotated[
        str | None, typer.Argument(help="The 7 letters, center first (entivcz).")
    ] = None,
    center: Annotated[str | None, typer.Option("-c", "--center", help="The center letter.")] = None,
    others: Annotated[
        str | None, typer.Option("-o", "--others", help="The six other letters.")
    ] = None,
    dictionary: DictionaryOption = "custom",
    solver: Annotated[
        SolverName, typer.Option(help="The solver (subsets is the fastest).")
    ] = SolverName[DEFAULT_SOLVER],
    hints: Annotated[
        bool, typer.Option("--hints", help="Print the NYT-style hint grid instead.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    batch: Annotated[
        Path | None, typer.Option(help="JSON lines of puzzles in, one JSON line out each.")
    ] = None,
    no_maybe: NoMaybe = False,
) -> None:
    """Solve a Spelling Bee: pangrams first, then words by length, scores and rank thresholds;
    with the custom dictionary, then the maybe words (not counted).

    Example: pipeline solve spelling-bee entivcz --dictionary custom
    """
    import json

    from pipeline.solve import spelling_bee as sb

    solver_name = str(solver.value)
    if hints and as_json:
        raise UserError("--hints and --json conflict: give one of them")
    if batch is not None:
        if letters is not None or center is not None or others is not None:
            raise UserError("--batch reads the puzzles from a file: give no letters, -c or -o")
        if hints:
            raise UserError("--batch writes JSON lines: --hints does not apply")
        lines = sb.read_batch(batch)
        word_list = load_word_list(dictionary, SPELLING_BEE)
        maybe = load_maybe_list(dictionary, SPELLING_BEE, no_maybe)
        puzzles = [line.puzzle for line in lines]
        solutions = sb.solve_puzzles(solver_name, word_list.words, puzzles, word_list.masks)
        for line, answers in zip(lines, solutions, strict=True):
            print(json.dumps(sb.batch_output(line, answers, maybe)))
        return
    puzzle = sb.puzzle_from_arguments(letters, center, others)
    word_list = load_word_list(dictionary, SPELLING_BEE, within=puzzle.letters)
    maybe = load_maybe_list(dictionary, SPELLING_BEE, no_maybe, puzzle.letters)
    answers = sb.solve_puzzles(solver_name, word_list.words, [puzzle], word_list.masks)[0]
    if as_json:
        record = sb.solution_record(puzzle, answers, maybe)
        print(json.dumps({**record, "dictionary": word_list.name, "solver": solver_name}))
    elif hints:
        print(sb.format_hints(puzzle, answers))
    else:
        print(sb.format_solution(puzzle, answers, word_list.name, maybe))


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

    Prints Markdown (precision, recall, F1, micro and macro; by year; by month; missed and extra
    words) and writes the tables as CSV and a precision/recall chart per game into --out; with
    --html also index.html, one self-contained page with charts and each error word's evidence.

    Example: pipeline report spelling-bee --since 2025-01-01 --html --out /tmp/reports
    """
    from pipeline import games
    from pipeline.render import json as render_json
    from pipeline.render import markdown as render_markdown
    from pipeline.stages.report import file_names
    from pipeline.stages.report import report as run_report
    from pipeline.storage import warehouse
    from pipeline.storage.output_paths import check_output_folder

    since, since_option = since_or_from(since, old_from)
    first = parse_date(since, since_option, None)
    last = parse_date(until, "--until", None)
    cut_off = parse_date(train_until, "--train-until", None)
    if first is not None and last is not None and first > last:
        raise UserError(f"{since_option} {first} is after --until {last}")
    chosen = games.games_named(game)
    folder = out or config.reports_dir()
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

    A word in no list and never an NYT answer is an error (exit 2); a known word outside a game's
    universe (too short) is reported as such (exit 0).

    Example: pipeline explain tipi --game spelling-bee
    """
    from pipeline import games
    from pipeline.stages.explain import explain as run_explain
    from pipeline.stages.explain import explain_record
    from pipeline.storage import warehouse

    with warehouse.open_warehouse(read_only=True) as con:
        if as_json:
            print_json(explain_record(con, word, games.games_named(game)))
        else:
            print(run_explain(con, word, games.games_named(game)))


@solve_app.command(LETTER_BOXED.name, rich_help_panel=SOLVING)
@user_errors
def solve_letter_boxed(
    sides: Annotated[
        list[str] | None, typer.Argument(help="The four sides, three letters each.")
    ] = None,
    dictionary: DictionaryOption = "custom",
    all_best: Annotated[bool, typer.Option("--all", help="List every best solution.")] = False,
    words: Annotated[
        int | None, typer.Option("--words", help="List every solution of exactly N words.")
    ] = None,
    max_words: Annotated[
        int, typer.Option("--max-words", help="Search solutions of up to N words.")
    ] = 6,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    batch: Annotated[
        Path | None, typer.Option(help="JSON lines of boards in, one JSON line out each.")
    ] = None,
    no_maybe: NoMaybe = False,
) -> None:
    """Solve a Letter Boxed board exactly: fewest words, then fewest letters; with the custom
    dictionary, also the playable maybe words (not used by the solver).

    Example: pipeline solve letter-boxed ozu nri lfa mbt --all
    """
    import json

    from pipeline.solve import letter_boxed as lbs
    from solvers.letter_boxed import WordIndex

    if max_words < 1 or (words is not None and words < 1):
        raise UserError("--max-words and --words must be at least 1")
    if all_best and words is not None:
        raise UserError("--all and --words conflict: give one of them")
    if batch is not None:
        if sides:
            raise UserError("--batch reads the boards from a file: give no SIDE arguments")
        lines = lbs.read_box_batch(batch)
        needs_default = any(line.words is None for line in lines)
        index = WordIndex(load_word_list(dictionary, LETTER_BOXED).words if needs_default else [])
        for line in lines:
            playable = line.words if line.words is not None else index.playable(line.board)
            answer = lbs.answer_board(line.board, playable, max_words, all_best, words)
            print(json.dumps({**line.fields, **lbs.answer_record(answer)}))
        return
    board = lbs.board_from_arguments(sides or [])
    index = WordIndex(load_word_list(dictionary, LETTER_BOXED).words)
    answer = lbs.answer_board(board, index.playable(board), max_words, all_best, words)
    maybe = load_maybe_list(dictionary, LETTER_BOXED, no_maybe, "".join(board.sides))
    if as_json:
        record = {**lbs.answer_record(answer), "dictionary": dictionary}
        if maybe is not None:
            record["maybe"] = lbs.maybe_record(board, maybe)
        print(json.dumps(record))
    else:
        print(lbs.format_answer(answer, dictionary, words, maybe))


@bench_app.command(SPELLING_BEE.name)
@user_errors
def bench_spelling_bee(
    dictionary: DictionaryOption = "words_alpha",
    puzzles: PuzzleCount = 100,
    seed: SeedOption = 2025,
    as_json: AsJson = False,
) -> None:
    """Time the six Spelling Bee solvers on archived puzzles: best of 5, preprocessing excluded.

    Example: pipeline bench spelling-bee --puzzles 200
    """
    from pipeline.bench.solvers import archived_puzzles, format_spelling_bee_bench
    from pipeline.bench.solvers import bench_spelling_bee as run_bench
    from pipeline.render.json import spelling_bee_bench_record

    require_at_least_one(puzzles, "--puzzles")
    words = load_word_list(dictionary, SPELLING_BEE).words
    measured = run_bench(read_archive(archived_puzzles), words, puzzles, seed)
    emit(as_json, spelling_bee_bench_record, format_spelling_bee_bench, *measured, dictionary)


@bench_app.command(LETTER_BOXED.name)
@user_errors
def bench_letter_boxed(
    dictionary: DictionaryOption = "words_alpha",
    boards: BoardCount = 300,
    seed: SeedOption = 2025,
    as_json: AsJson = False,
) -> None:
    """Time the Letter Boxed solver per archived board: median and worst.

    Example: pipeline bench letter-boxed --boards 1171
    """
    from pipeline.bench.solvers import archived_boxes, format_letter_boxed_bench
    from pipeline.bench.solvers import bench_letter_boxed as run_bench
    from pipeline.render.json import letter_boxed_bench_record

    require_at_least_one(boards, "--boards")
    words = load_word_list(dictionary, LETTER_BOXED).words
    timings = run_bench(read_archive(archived_boxes), dictionary, words, boards, seed)
    emit(as_json, letter_boxed_bench_record, format_letter_boxed_bench, timings)


@analyze_app.command(SPELLING_BEE.name)
@user_errors
def analyze_spelling_bee(
    dictionary: DictionaryOption = "custom",
    no_s: Annotated[
        bool, typer.Option("--no-s", help="Leave out S, as the NYT did before March 2025.")
    ] = False,
    top: Annotated[int, typer.Option(help="How many of the best honeycombs to print.")] = 10,
    out: Annotated[
        Path | None,
        typer.Option(help="CSV of every honeycomb (default: reports/spelling_bee_honeycombs.csv)."),
    ] = None,
) -> None:
    """Score every valid honeycomb of a dictionary in SQL: the best, the spread, a CSV of all.

    Example: pipeline analyze spelling-bee --dictionary enable --no-s --top 5
    """
    from pipeline.games import honeycombs as analyze

    if top < 1:
        raise UserError("--top must be at least 1")
    word_list = load_word_list(dictionary, SPELLING_BEE)
    analysis = analyze.analyze_spelling_bee(word_list.words, word_list.name, not no_s, top)
    print(analyze.format_analysis(analysis))
    path = analyze.write_table(analysis.honeycombs, out or config.reports_dir() / analyze.CSV_FILE)
    print(f"\nwrote {len(analysis.honeycombs.rows):,} honeycombs to {path}")


@bench_app.command("stages")
@user_errors
def bench_stages(
    only: Annotated[
        list[str] | None,
        typer.Option(
            "--stage", help="One stage to time (start-up, words, build, report); repeatable."
        ),
    ] = None,
) -> None:
    """Time whole commands as processes (start-up, words, build, report): wall time and peak memory
    beside their targets, on a copy of the warehouse.

    Example: pipeline bench stages --stage start-up --stage build
    """
    from pipeline.bench.stages import STAGE_NAMES, bench_stages, format_stage_bench

    unknown = sorted(set(only or ()) - set(STAGE_NAMES))
    if unknown:
        raise UserError(f"unknown stage {unknown[0]!r}: use one of {', '.join(STAGE_NAMES)}")
    print(format_stage_bench(bench_stages(only or STAGE_NAMES)))


@bench_app.command("analyze")
@user_errors
def bench_analyze() -> None:
    """Time scoring every honeycomb: ENABLE without S, and the custom dictionary with S.

    Example: pipeline bench analyze
    """
    from pipeline.bench.solvers import bench_analyze as run_bench
    from pipeline.bench.solvers import format_analyze_bench

    enable = load_word_list("enable", SPELLING_BEE).words
    custom = load_word_list("custom", SPELLING_BEE).words
    print(format_analyze_bench(run_bench(enable, custom)))


@contextlib.contextmanager
def stage_warehouse() -> Iterator["Connection"]:
    """Yield a stage's copy of the warehouse, committed when the block succeeds (upgraded, its
    registries written, the word lists of a build killed after its commit finished)."""
    from pipeline.stages.stage import open_stage

    with open_stage() as con:
        yield con


def emit(as_json: bool, record: Callable[..., dict], text: Callable[..., str], *args) -> None:
    """Print a command's outcome as one JSON object (`--json`) or as text for people."""
    if as_json:
        print_json(record(*args))
    else:
        print(text(*args))


def require_at_least_one(count: int, option: str) -> None:
    """Raise a UserError when a count option is below 1."""
    if count < 1:
        raise UserError(f"{option} must be at least 1")


def read_archive(read: Callable[["Connection"], T]) -> T:
    """Return what `read` takes from the committed warehouse (opened read-only, then closed)."""
    from pipeline.storage import warehouse

    with warehouse.open_warehouse(read_only=True) as con:
        return read(con)


def load_word_list(name: str, game: "Game", within: str | None = None) -> "WordList":
    """Return the word list a `--dictionary` value names (with `within`, only its words made of
    those letters), opening the warehouse only if needed."""
    from pipeline.storage import named_lists

    if not named_lists.needs_warehouse(name):
        return named_lists.file_word_list(name, game, within)
    from pipeline.storage import warehouse  # DuckDB loads only for a list stored in the warehouse

    with warehouse.open_warehouse(read_only=True) as con:
        return named_lists.require_game_words(named_lists.warehouse_word_list(con, name), game)


def load_maybe_list(
    name: str, game: "Game", no_maybe: bool, letters: str | None = None
) -> "list[MaybeWord] | None":
    """Return the game's maybe words for the custom dictionary (None for other lists, or with
    --no-maybe), only those made of `letters` when given: a file beside the list, so that
    solving never opens the warehouse."""
    from pipeline.storage import named_lists

    if no_maybe or name != named_lists.CUSTOM:
        return None
    return named_lists.read_maybe_list(game, letters)


def usage_message(error: UsageError) -> str:
    """Return a usage error (unknown command, option or choice, a bad number) as one line."""
    message = " ".join(error.format_message().split()).replace("Value error, ", "").rstrip(".")
    message = message[:1].lower() + message[1:]
    command = error.ctx.command_path if error.ctx is not None else "pipeline"
    return f"{message} (see `{command} --help`)"


def main() -> None:
    """Entry point of the console script: every error a user can cause is one `error:` line on
    stderr and exit status 2; Ctrl-C is the line `interrupted` and exit status 130."""
    try:
        status = app(standalone_mode=False, prog_name="pipeline")
    except NoArgsIsHelpError as error:
        print(error.format_message())  # `pipeline` or `pipeline solve` alone: the help
        status = USAGE
    except UsageError as error:
        print(f"error: {usage_message(error)}", file=sys.stderr)
        status = USAGE
    except typer.Abort:  # end of input at a prompt
        status = INTERRUPTED
    except KeyboardInterrupt:  # outside a command, which reports its own
        status = INTERRUPTED
    if status == INTERRUPTED:
        print("interrupted", file=sys.stderr)
    sys.exit(status if isinstance(status, int) else 0)
