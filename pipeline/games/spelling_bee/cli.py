"""Spelling Bee's own commands (its hook `commands`): `pipeline solve spelling-bee`, `analyze
spelling-bee`, `bench spelling-bee` and `bench analyze` (`generate spelling-bee` is every
generator's command, pipeline/cli/generate.py)."""

# No `from __future__ import annotations` here: Typer would evaluate every command's annotations
# from their text at each start-up (10 ms); the few helpers' type-only names are quoted instead.
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pipeline import config
from pipeline.cli.app import analyze_app, bench_app, solve_app
from pipeline.cli.options import (
    SOLVING,
    AsJson,
    DictionaryOption,
    ExportFormat,
    NoMaybe,
    PuzzleCount,
    SeedOption,
    emit,
    load_maybe_list,
    load_word_list,
    read_archive,
    require_at_least_one,
    user_errors,
)
from pipeline.errors import UserError
from pipeline.games import SPELLING_BEE
from pipeline.solve.spelling_bee import DEFAULT_SOLVER, SOLVER_NAMES
from pipeline.storage.output_paths import check_output_file

if TYPE_CHECKING:
    from pipeline.storage.named_lists import WordList


def load_bee_candidates(name: str, within: str | None = None) -> "WordList":
    """Return the word list a `--dictionary` value names for Spelling Bee: a stored list's
    candidates come from the warehouse in display order (the subsets solver's), a file's words
    as load_word_list reads them."""
    from pipeline.storage import named_lists
    from solvers.spelling_bee import MIN_LENGTH, PUZZLE_SIZE

    if not named_lists.needs_warehouse(name):
        return load_word_list(name, SPELLING_BEE, within)
    from pipeline.storage import warehouse

    with warehouse.open_warehouse(read_only=True) as con:
        found = named_lists.warehouse_candidates(con, name, MIN_LENGTH, PUZZLE_SIZE)
        return named_lists.require_game_words(found, SPELLING_BEE)


SolverName = StrEnum("SolverName", {name: name for name in SOLVER_NAMES})  # type: ignore[misc]
"""The Spelling Bee solvers as a choice of the command line."""


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
    """Solve a Spelling Bee: pangrams first, then words by length, scores and rank thresholds; with the custom dictionary, then the maybe words (not counted).

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
        from pipeline.collector import cycle_collector_paused

        with cycle_collector_paused():  # a word list and its table: a million objects, no cycle
            lines = sb.read_batch(batch)
            word_list = load_bee_candidates(dictionary)
            maybe = load_maybe_list(dictionary, SPELLING_BEE, no_maybe)
            texts = sb.batch_texts(solver_name, word_list, lines, maybe)
            sys.stdout.write("".join(f"{text}\n" for text in texts))
        return
    from pipeline.games.spelling_bee.typed import puzzle_from_letters

    puzzle = puzzle_from_letters(letters, center, others)
    word_list = load_bee_candidates(dictionary, within=puzzle.letters)
    maybe = load_maybe_list(dictionary, SPELLING_BEE, no_maybe, puzzle.letters)
    answers = sb.solve_puzzles(solver_name, word_list, [puzzle])[0]
    if as_json:
        record = sb.solution_record(puzzle, answers, maybe)
        print(json.dumps({**record, "dictionary": word_list.name, "solver": solver_name}))
    elif hints:
        print(sb.format_hints(puzzle, answers))
    else:
        print(sb.format_solution(puzzle, answers, word_list.name, maybe))


@bench_app.command(SPELLING_BEE.name)
@user_errors
def bench_spelling_bee(
    dictionary: DictionaryOption = "words_alpha",
    puzzles: PuzzleCount = 100,
    seed: SeedOption = 2025,
    batch: Annotated[
        bool,
        typer.Option(
            "--batch",
            help="Instead: `solve --batch` on every archived puzzle against a bare letter-set "
            "script printing the same answers, as processes, alternately; the ratio beside its "
            "target.",
        ),
    ] = False,
    runs: Annotated[int, typer.Option(help="With --batch: runs of each (medians).")] = 5,
    as_json: AsJson = False,
) -> None:
    """Time the six Spelling Bee solvers on archived puzzles: best of 5, preprocessing excluded; with --batch, the batch command against a bare script.

    Example: pipeline bench spelling-bee --puzzles 200
    Example: pipeline bench spelling-bee --batch --runs 5
    """
    from pipeline.bench.solvers import (
        archived_puzzles,
        format_spelling_bee_bench,
        spelling_bee_bench_record,
    )
    from pipeline.bench.solvers import bench_spelling_bee as run_bench

    if batch:
        from pipeline.bench.batch import batch_bench_record, bench_batch, format_batch_bench

        require_at_least_one(runs, "--runs")
        found = bench_batch(read_archive(archived_puzzles), dictionary, runs)
        emit(as_json, batch_bench_record, format_batch_bench, found)
        return
    require_at_least_one(puzzles, "--puzzles")
    words = load_word_list(dictionary, SPELLING_BEE).words
    measured = run_bench(read_archive(archived_puzzles), words, puzzles, seed)
    emit(as_json, spelling_bee_bench_record, format_spelling_bee_bench, *measured, dictionary)


@analyze_app.command(SPELLING_BEE.name)
@user_errors
def analyze_spelling_bee(
    dictionary: DictionaryOption = "custom",
    no_s: Annotated[
        bool, typer.Option("--no-s", help="Leave out S, as the NYT did before March 2025.")
    ] = False,
    top: Annotated[int, typer.Option(help="How many of the best honeycombs to print.")] = 10,
    format: Annotated[
        ExportFormat, typer.Option("--format", help="The file's format.")
    ] = ExportFormat.csv,
    out: Annotated[
        Path | None,
        typer.Option(
            help="File of every honeycomb (default: reports/spelling_bee_honeycombs.FORMAT)."
        ),
    ] = None,
) -> None:
    """Score every valid honeycomb of a dictionary in SQL: the best, the spread, and a file of all with their likeness to the NYT's choices.

    Example: pipeline analyze spelling-bee --dictionary enable --no-s --top 5
    """
    from pipeline.games.spelling_bee import honeycombs as analyze
    from pipeline.storage.output_paths import default_folder

    if top < 1:
        raise UserError("--top must be at least 1")
    path = out or default_folder(config.reports_dir()) / f"{analyze.FILE_STEM}.{format.value}"
    check_output_file(path)
    word_list = load_word_list(dictionary, SPELLING_BEE)
    judged = analyze.built_likeness(config.warehouse_path())
    analysis = analyze.analyze_spelling_bee(word_list.words, word_list.name, not no_s, top, judged)
    print(analyze.format_analysis(analysis))
    analyze.write_honeycombs(analysis.honeycombs, format.value, path)
    print(f"\nwrote {len(analysis.honeycombs.rows):,} honeycombs to {path}")
    if judged is None:
        print("(no likeness: run `pipeline build` to judge honeycombs against the NYT's choices)")


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
