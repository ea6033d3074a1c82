"""The `pipeline` command: one small function per command; the work lives in the stage modules."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Annotated, TypeVar

import typer

from pipeline import config
from pipeline.errors import UserError

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
    from pipeline.words import build_words

    con = build_words(offline=is_offline(offline))
    from pipeline.reporting import print_word_sources

    print_word_sources(con)


def main() -> None:
    """Entry point of the console script."""
    app()
