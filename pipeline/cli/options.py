"""What the commands share: options defined once, dates and counts read from the command line,
the error contract (one `error:` line, exit status 2; Ctrl-C status 130), JSON output, and the
warehouse and word lists opened for a command."""

# No `from __future__ import annotations` here: Typer would evaluate every command's annotations
# from their text at each start-up (10 ms); the few helpers' type-only names are quoted instead.
import contextlib
import datetime as dt
import errno
import functools
import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar, overload

import typer

from pipeline import config
from pipeline.errors import INTERRUPTED, USAGE, UserError, is_interrupt
from pipeline.sources.word_lists import WORD_LISTS

if TYPE_CHECKING:
    from pipeline.games import Game
    from pipeline.storage.named_lists import MaybeWord, WordList
    from pipeline.storage.warehouse import Connection

F = TypeVar("F", bound=Callable)
T = TypeVar("T")

SETUP = "Setup stages"  # the help's panels
SOLVING = "Solving"
REPORTS = "Reports"

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


def print_json(record: object) -> None:
    """Print one JSON object on stdout (dates as ISO text, paths as text)."""
    import json

    print(json.dumps(record, default=str))


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
    except ValueError as error:
        if DATE_FORM.fullmatch(value):  # the form is right: the day is not (2025-02-30)
            raise UserError(f"{option} {value!r} is not a date: {error}") from None
        raise UserError(f"{option} {value!r} is not a date of the form YYYY-MM-DD") from None


DATE_FORM = re.compile(r"\d{4}-\d{2}-\d{2}")


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
            print(f"error: {error}", file=sys.stderr)  # in the style of error lines
            raise typer.Exit(USAGE) from None
        except (KeyboardInterrupt, Exception) as error:
            if is_closed_pipe(error):  # `| head` read what it wanted: done, as Unix tools are
                quiet_closed_stdout()
                raise typer.Exit(0) from None
            if is_full_disk(error):
                print(f"error: {FULL_DISK}", file=sys.stderr)
                raise typer.Exit(USAGE) from None
            if is_out_of_memory(error):
                print(f"error: {OUT_OF_MEMORY}", file=sys.stderr)
                raise typer.Exit(USAGE) from None
            if is_unwritable_place(error):
                print(f"error: {unwritable_place(error)}", file=sys.stderr)  # type: ignore[arg-type]
                raise typer.Exit(USAGE) from None
            if not is_interrupt(error):
                raise
            raise typer.Exit(INTERRUPTED) from None

    return wrapper  # type: ignore[return-value]


FULL_DISK = (
    "the disk is full (no space left on device): the warehouse, the built lists and the files "
    "named are as they were; free some space and run the command again"
)


def is_closed_pipe(error: BaseException) -> bool:
    """Return True when the reader of stdout went away (`pipeline export ... | head`): a
    BrokenPipeError, or the exit (status 1) that rich's console, which prints the help, makes
    of one."""
    return isinstance(error, BrokenPipeError) or (
        isinstance(error, SystemExit) and isinstance(error.__context__, BrokenPipeError)
    )


def quiet_closed_stdout() -> None:
    """Point stdout, whose reader went away, at /dev/null: Python's last flush of what is left
    would fail again (`Exception ignored ... BrokenPipeError`, exit status 120)."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def flushed(status: int) -> int:
    """Return a command's exit status once what it printed is flushed: 0 when the reader of
    stdout went away before the end (`| head` read what it wanted: done, as Unix tools are)."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_closed_stdout()
        return 0
    return status


@contextlib.contextmanager
def closed_pipe_is_done() -> Iterator[None]:
    """Run a block that prints (a help page, the help of a bare group) and end with status 0
    when the reader of stdout went away meanwhile."""
    try:
        yield
    except (BrokenPipeError, SystemExit) as error:
        if not is_closed_pipe(error):
            raise
        quiet_closed_stdout()
        raise typer.Exit(0) from None


def is_full_disk(error: BaseException) -> bool:
    """Return True when a write failed for want of space (from the OS or from DuckDB)."""
    if isinstance(error, OSError) and error.errno == errno.ENOSPC:
        return True
    return is_duckdb_error(error) and "No space left on device" in str(error)


OUT_OF_MEMORY = (
    "out of memory: the warehouse, the built lists and the files named are as they were; close "
    "other programs (or give the machine more memory) and run the command again"
)


def is_out_of_memory(error: BaseException) -> bool:
    """Return True when memory ran out: the machine's (Python's MemoryError) or the cap DuckDB
    works under (its OutOfMemoryException)."""
    if isinstance(error, MemoryError):
        return True
    return is_duckdb_error(error) and "Out of Memory Error" in str(error)


def is_duckdb_error(error: BaseException) -> bool:
    """Return True for an error DuckDB raised (its classes live in `_duckdb`, or `duckdb` in
    older versions; duckdb itself is not imported to ask)."""
    return type(error).__module__.lstrip("_").startswith("duckdb")


UNWRITABLE = (errno.EROFS, errno.EACCES, errno.EPERM)


def is_unwritable_place(error: BaseException) -> bool:
    """Return True when a file could not be made or changed where the command writes (a
    read-only file system, a folder the user may not write)."""
    return isinstance(error, OSError) and error.errno in UNWRITABLE and bool(error.filename)


def unwritable_place(error: OSError) -> str:
    """Return the error line of a place the command could not write."""
    from pipeline.storage.output_paths import reason

    place = Path(error.filename)
    return (
        f"cannot write {place}: {reason(error, place.parent)}; the warehouse, the built lists "
        "and the files named are as they were"
    )


def is_offline(offline: bool) -> bool:
    """Return True when the flag or PIPELINE_OFFLINE forbids the network."""
    return offline or config.offline_from_env()


SeedOption = Annotated[int, typer.Option(help="Seed of the sample of archived puzzles.")]


class GenerateFormat(StrEnum):
    """Formats of `pipeline generate --format`."""

    jsonl = "jsonl"
    csv = "csv"


GenerateCount = Annotated[int, typer.Option("--count", help="How many puzzles.")]
GenerateSeed = Annotated[int, typer.Option("--seed", help="Same seed, same puzzles.")]
GenerateSince = Annotated[
    str | None,
    typer.Option("--since", help="Learn the style of the NYT's puzzles from this date on."),
]
AllowNyt = Annotated[
    bool,
    typer.Option("--allow-nyt", help="Also draw puzzles the NYT already published."),
]
GenerateFormatOption = Annotated[
    GenerateFormat | None,
    typer.Option("--format", help="Write records (jsonl or csv) instead of text."),
]
GenerateOut = Annotated[Path | None, typer.Option("--out", help="Output file (default: stdout).")]
PuzzleCount = Annotated[
    int, typer.Option("--puzzles", help="How many archived puzzles to time the Python solvers on.")
]
BoardCount = Annotated[int, typer.Option("--boards", help="How many archived boards to time.")]
LIST_NAMES = [found.name for found in WORD_LISTS if found.keeps_words]
DictionaryOption = Annotated[
    str,
    typer.Option(
        "--dictionary",
        "-d",
        help=f"custom, a warehouse list ({', '.join(LIST_NAMES)}, wordfreq_topN) or a word file.",
    ),
]


@contextlib.contextmanager
def stage_warehouse(
    on_commit: Callable[[Path], None] | None = None,
) -> Iterator["Connection"]:
    """Yield a stage's copy of the warehouse, committed when the block succeeds (upgraded, its
    registries written, the word lists of a build killed after its commit finished); then
    `on_commit(path)` runs, the stage's lock still held."""
    from pipeline.stages.stage import open_stage

    with open_stage(on_commit=on_commit) as con:
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


def load_zipf(game: "Game", letters: str | None = None) -> "Mapping[str, float]":
    """Return the Zipf frequency of the game's words (only those made of `letters` when given,
    else looked up in the file when asked): the file the build writes beside the custom list,
    which covers every list's words."""
    from pipeline.storage import named_lists

    if letters is None:
        return named_lists.zipf_lookup(game)
    return named_lists.read_zipf(game, letters)


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
