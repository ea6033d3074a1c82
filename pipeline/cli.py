"""The `pipeline` command: one small function per command; the work lives in the stage modules."""

from __future__ import annotations

import datetime as dt
import functools
import sys
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar, overload

import typer

from pipeline import config, warehouse
from pipeline.errors import UserError
from pipeline.games import LETTER_BOXED, SPELLING_BEE, GameName, game_named, games_named

if TYPE_CHECKING:
    from pipeline.games import Game
    from pipeline.named_lists import WordList

F = TypeVar("F", bound=Callable)

app = typer.Typer(
    help="Scrape the NYT word games' answers, build dictionaries, solve and report.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
solve_app = typer.Typer(help="Solve a Spelling Bee or Letter Boxed puzzle.", no_args_is_help=True)
bench_app = typer.Typer(help="Time the solvers.", no_args_is_help=True)
app.add_typer(solve_app, name="solve")
app.add_typer(bench_app, name="bench")

Offline = Annotated[
    bool,
    typer.Option("--offline", help="Never use the network (also PIPELINE_OFFLINE=1)."),
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


def user_errors(command: F) -> F:
    """Turn a UserError into one line on stderr and exit status 2."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except UserError as error:
            print(f"error: {error}", file=sys.stderr)
            raise typer.Exit(2) from None

    return wrapper  # type: ignore[return-value]


def is_offline(offline: bool) -> bool:
    """Return True when the flag or PIPELINE_OFFLINE forbids the network."""
    return offline or config.offline_from_env()


@app.command()
@user_errors
def words(offline: Offline = False) -> None:
    """Read every word source into the warehouse's `words` table.

    Example: pipeline words --offline
    """
    from pipeline.stage_summaries import print_word_sources
    from pipeline.words import build_words

    with warehouse.open_warehouse() as con:
        build_words(con, offline=is_offline(offline))
        print_word_sources(con)


@app.command()
@user_errors
def scrape(
    game: Annotated[GameName | None, typer.Argument(help="One game (both by default).")] = None,
    since: Annotated[str | None, typer.Option(help="First date, YYYY-MM-DD.")] = None,
    until: Annotated[
        str | None, typer.Option(help="Last date, YYYY-MM-DD (default today).")
    ] = None,
    offline: Offline = False,
    retry_quarantined: Annotated[
        bool, typer.Option(help="Fetch the quarantined dates again.")
    ] = False,
) -> None:
    """Download, parse, validate and load the official answers of past puzzles.

    Example: pipeline scrape spelling-bee --since 2025-07-01 --offline
    """
    from pipeline.scrape import FIRST_DATES, download, load_run, read_known
    from pipeline.stage_summaries import print_scrape_summary

    first = parse_date(since, "--since", FIRST_DATES["bulk_archive"])
    last = parse_date(until, "--until", dt.date.today())
    if first > last:
        raise UserError(f"--since {first} is after --until {last}")
    with warehouse.open_warehouse() as con:
        known = read_known(con, retry_quarantined)
    run = download(known, games_named(game), first, last, is_offline(offline))  # not locked
    with warehouse.open_warehouse() as con:
        load_run(con, run)
        print_scrape_summary(con)


@app.command()
@user_errors
def export(
    game: Annotated[GameName, typer.Argument(help="spelling-bee or letter-boxed.")],
    format: Annotated[
        ExportFormat, typer.Option("--format", help="Output format.")
    ] = ExportFormat.jsonl,
    out: Annotated[Path | None, typer.Option(help="Output file (default: stdout).")] = None,
) -> None:
    """Write the archive of one game, one record per day.

    Example: pipeline export letter-boxed --format parquet --out letter_boxed.parquet
    """
    from pipeline.export import export_archive

    with warehouse.open_warehouse(read_only=True) as con:
        count = export_archive(con, game_named(game), format.value, out)
    if out is not None:
        print(f"wrote {count:,} records to {out}", file=sys.stderr)


@app.command()
@user_errors
def build(
    game: Annotated[GameName | None, typer.Argument(help="One game (both by default).")] = None,
) -> None:
    """Build the custom dictionaries from the evidence, choosing the rule by backtest.

    Example: pipeline build spelling-bee
    """
    from pipeline.build import build as run_build

    with warehouse.open_warehouse() as con:
        summaries = run_build(con, games_named(game))
    for summary in summaries:
        scores = summary.validation
        print(
            f"{summary.game.name}: {len(summary.words):,} words; validation-year micro "
            f"P {scores['precision']:.4f} R {scores['recall']:.4f} F1 {scores['f1']:.4f}\n"
            f"  rule: {summary.rule.describe()}"
        )


DictionaryOption = Annotated[
    str,
    typer.Option(
        "--dictionary",
        "-d",
        help="custom, a warehouse list (words_alpha, enable, 2of12id, nltk_words, wordfreq_top50k, ...) or a word file.",
    ),
]


@solve_app.command(SPELLING_BEE.name)
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
        str, typer.Option(help="naive, bitwise, trie, radix, subsets or sql.")
    ] = "subsets",
    hints: Annotated[
        bool, typer.Option("--hints", help="Print the NYT-style hint grid instead.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    batch: Annotated[
        Path | None, typer.Option(help="JSON lines of puzzles in, one JSON line out each.")
    ] = None,
) -> None:
    """Solve a Spelling Bee: pangrams first, then words by length, scores and rank thresholds.

    Example: pipeline solve spelling-bee entivcz --dictionary custom
    """
    import json

    from pipeline import solve_spelling_bee as sb

    if solver not in sb.SOLVER_NAMES:
        raise UserError(f"unknown solver {solver!r}: use one of {', '.join(sb.SOLVER_NAMES)}")
    if batch is not None:
        lines = sb.read_batch(batch)
        words = load_word_list(dictionary, SPELLING_BEE).words
        solutions = sb.solve_puzzles(solver, words, [line.puzzle for line in lines])
        for line, answers in zip(lines, solutions, strict=True):
            print(json.dumps(sb.batch_output(line, answers)))
        return
    puzzle = sb.puzzle_from_arguments(letters, center, others)
    word_list = load_word_list(dictionary, SPELLING_BEE)
    answers = sb.solve_puzzles(solver, word_list.words, [puzzle])[0]
    if as_json:
        record = sb.solution_record(puzzle, answers)
        print(json.dumps({**record, "dictionary": word_list.name, "solver": solver}))
    elif hints:
        print(sb.format_hints(puzzle, answers))
    else:
        print(sb.format_solution(puzzle, answers, word_list.name))


@app.command()
@user_errors
def report(
    game: Annotated[GameName | None, typer.Argument(help="One game (both by default).")] = None,
    since: Annotated[
        str | None,
        typer.Option(
            "--from", help="First puzzle date, YYYY-MM-DD (default: last date - 364 days)."
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
        Path | None, typer.Option(help="Folder for the CSV files and charts (default: reports/).")
    ] = None,
) -> None:
    """Score the custom dictionary and the raw word lists against the NYT's answers.

    Prints Markdown (precision, recall, F1, micro and macro; by year; by month; missed and extra
    words) and writes the tables as CSV and a precision/recall chart per game into --out.

    Example: pipeline report spelling-bee --from 2025-01-01 --out /tmp/reports
    """
    from pipeline import games, warehouse
    from pipeline.report import report as run_report

    first = parse_date(since, "--from", None)
    last = parse_date(until, "--until", None)
    cut_off = parse_date(train_until, "--train-until", None)
    with warehouse.open_warehouse(read_only=True) as con:
        folder = out or config.reports_dir()
        print(run_report(con, games.games_named(game), folder, first, last, cut_off))


@app.command()
@user_errors
def explain(
    word: Annotated[str, typer.Argument(help="The word to explain.")],
    game: Annotated[GameName | None, typer.Option(help="One game (both by default).")] = None,
) -> None:
    """Show the evidence for a word and why the custom dictionary includes or leaves it out.

    A word in no list and never an NYT answer is an error (exit 2); a known word outside a game's
    universe (too short) is reported as such (exit 0).

    Example: pipeline explain tipi --game spelling-bee
    """
    from pipeline import games, warehouse
    from pipeline.explain import explain as run_explain

    with warehouse.open_warehouse(read_only=True) as con:
        print(run_explain(con, word, games.games_named(game)))


@solve_app.command(LETTER_BOXED.name)
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
) -> None:
    """Solve a Letter Boxed board exactly: fewest words, then fewest letters.

    Example: pipeline solve letter-boxed ozu nri lfa mbt --all
    """
    import json

    from pipeline import solve_letter_boxed as lbs
    from solvers.letter_boxed import WordIndex

    if max_words < 1 or (words is not None and words < 1):
        raise UserError("--max-words and --words must be at least 1")
    if batch is not None:
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
    if as_json:
        print(json.dumps({**lbs.answer_record(answer), "dictionary": dictionary}))
    else:
        print(lbs.format_answer(answer, dictionary, words))


@bench_app.command(SPELLING_BEE.name)
@user_errors
def bench_spelling_bee(
    dictionary: DictionaryOption = "words_alpha",
    puzzles: Annotated[
        int, typer.Option(help="How many archived puzzles to time the Python solvers on.")
    ] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the puzzle sample.")] = 2025,
) -> None:
    """Time the six Spelling Bee solvers on archived puzzles: best of 5, preprocessing excluded.

    Example: pipeline bench spelling-bee --puzzles 200
    """
    from pipeline.bench import archived_puzzles, format_spelling_bee_bench
    from pipeline.bench import bench_spelling_bee as run_bench

    if puzzles < 1:
        raise UserError("--puzzles must be at least 1")
    words = load_word_list(dictionary, SPELLING_BEE).words
    with warehouse.open_warehouse(read_only=True) as con:
        archive = archived_puzzles(con)
    timings, sql_seconds, sql_puzzles = run_bench(archive, words, puzzles, seed)
    print(format_spelling_bee_bench(timings, sql_seconds, sql_puzzles, dictionary))


@bench_app.command(LETTER_BOXED.name)
@user_errors
def bench_letter_boxed(
    dictionary: DictionaryOption = "words_alpha",
    boards: Annotated[int, typer.Option(help="How many archived boards to time.")] = 300,
    seed: Annotated[int, typer.Option(help="Seed of the board sample.")] = 2025,
) -> None:
    """Time the Letter Boxed solver per archived board: median and worst.

    Example: pipeline bench letter-boxed --boards 1171
    """
    from pipeline.bench import archived_boxes, format_letter_boxed_bench
    from pipeline.bench import bench_letter_boxed as run_bench

    if boards < 1:
        raise UserError("--boards must be at least 1")
    words = load_word_list(dictionary, LETTER_BOXED).words
    with warehouse.open_warehouse(read_only=True) as con:
        archive = archived_boxes(con)
    print(format_letter_boxed_bench(run_bench(archive, dictionary, words, boards, seed)))


def load_word_list(name: str, game: Game) -> WordList:
    """Return the word list a `--dictionary` value names, opening the warehouse only if needed."""
    from pipeline import named_lists

    if not named_lists.needs_warehouse(name):
        return named_lists.file_word_list(name, game)
    with warehouse.open_warehouse(read_only=True) as con:
        return named_lists.warehouse_word_list(con, name)


def main() -> None:
    """Entry point of the console script."""
    app()
