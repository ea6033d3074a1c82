"""Letter Boxed's own commands (its hook `commands`): `pipeline solve letter-boxed` and `bench
letter-boxed` (`generate letter-boxed` is every generator's command, pipeline/cli/generate.py)."""

# No `from __future__ import annotations` here: Typer would evaluate every command's annotations
# from their text at each start-up (10 ms); the few helpers' type-only names are quoted instead.
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli.app import bench_app, solve_app
from pipeline.cli.options import (
    SOLVING,
    AsJson,
    BoardCount,
    DictionaryOption,
    NoMaybe,
    SeedOption,
    emit,
    load_maybe_list,
    load_word_list,
    load_zipf,
    read_archive,
    require_at_least_one,
    user_errors,
)
from pipeline.errors import UserError
from pipeline.games import LETTER_BOXED


class Prefer(StrEnum):
    """Which solution `solve letter-boxed` leads with (pipeline/solve/letter_boxed.py)."""

    rule = "rule"
    common = "common"


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
    limit: Annotated[
        int | None,
        typer.Option(
            help="With --all or --words: list the first N solutions only, as text, --json or "
            "--batch (default: all)."
        ),
    ] = None,
    prefer: Annotated[
        Prefer,
        typer.Option(
            help="Lead with the best by the rule, or with the solution of one letter more whose "
            "rarest word is the commonest (Zipf); the other is printed beside it."
        ),
    ] = Prefer.rule,
) -> None:
    """Solve a Letter Boxed board exactly: fewest words, then fewest letters; with the custom dictionary, also the playable maybe words (not used by the solver).

    Among the exact best solutions the one whose rarest word is the commonest (Zipf) leads; a solution of one letter more with a commoner rarest word is printed beside it.

    Example: pipeline solve letter-boxed ozu nri lfa mbt --prefer common
    """
    import json

    from pipeline.solve import letter_boxed as lbs
    from solvers.letter_boxed import WordIndex, playable_words, search_links

    if max_words < 1 or (words is not None and words < 1):
        raise UserError("--max-words and --words must be at least 1")
    if limit is not None and limit < 1:
        raise UserError("--limit must be at least 1")
    if all_best and words is not None:
        raise UserError("--all and --words conflict: give one of them")
    if limit is not None and not all_best and words is None:
        raise UserError("--limit counts the solutions --all or --words lists: give one of them")
    if batch is not None:
        if sides:
            raise UserError("--batch reads the boards from a file: give no SIDE arguments")
        lines = lbs.read_box_batch(batch)
        needs_default = any(line.words is None for line in lines)
        listed = load_word_list(dictionary, LETTER_BOXED).words if needs_default else []
        index = WordIndex(listed, sorted_and_plain=True)  # a word list is read sorted and plain
        zipf = load_zipf(LETTER_BOXED)
        for line in lines:
            playable = line.words if line.words is not None else index.playable(line.board)
            answer = lbs.answer_board(
                line.board, playable, max_words, all_best, words, zipf, prefer.value
            )
            print(json.dumps({**line.fields, **lbs.answer_record(answer, limit)}))
        return
    from pipeline.games.letter_boxed.typed import board_from_sides

    board = board_from_sides(sides or [])
    letters = "".join(board.sides)  # only the list's words of the board's letters are read
    playable = playable_words(board, load_word_list(dictionary, LETTER_BOXED, letters).words)
    zipf = load_zipf(LETTER_BOXED, letters)
    answer = lbs.answer_board(
        board, playable, max_words, all_best, words, zipf, prefer.value, search_links
    )
    maybe = load_maybe_list(dictionary, LETTER_BOXED, no_maybe, letters)
    if as_json:
        record = {**lbs.answer_record(answer, limit), "dictionary": dictionary}
        if maybe is not None:
            record["maybe"] = lbs.maybe_record(board, maybe)
        print(json.dumps(record))
    else:
        print(lbs.format_answer(answer, dictionary, words, maybe, limit))


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
    from pipeline.bench.solvers import (
        archived_boxes,
        format_letter_boxed_bench,
        letter_boxed_bench_record,
    )
    from pipeline.bench.solvers import bench_letter_boxed as run_bench

    require_at_least_one(boards, "--boards")
    words = load_word_list(dictionary, LETTER_BOXED).words
    timings = run_bench(read_archive(archived_boxes), dictionary, words, boards, seed)
    emit(as_json, letter_boxed_bench_record, format_letter_boxed_bench, timings)
