"""Progress for long work: step lines and progress bars on stderr, quiet when not a terminal."""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from rich.console import Console

T = TypeVar("T")


@cache
def console() -> Console:
    """Return the console progress is printed to (rich loads with the first line: a command
    that shows no progress starts without it)."""
    from rich.console import Console

    return Console(stderr=True, highlight=False)


def say(line: str) -> None:
    """Print a line of progress: wrapped to a terminal's width, whole in a log (a wrapped log
    line cut its URLs at 80 columns)."""
    console().print(line, soft_wrap=not console().is_terminal)


@contextlib.contextmanager
def step(message: str) -> Iterator[None]:
    """Print a line when a step starts and its duration when it ends."""
    say(f"[bold]>[/bold] {message} ...")
    started = time.perf_counter()
    yield
    say(f"  done in {time.perf_counter() - started:.1f} s")


def note(message: str) -> None:
    """Print one line of progress information."""
    say(f"  {message}")


def track(items: Iterable[T], description: str, total: int | None = None) -> Iterator[T]:
    """Yield the items while showing a progress bar (a plain count when stderr is no terminal)."""
    if total is None:
        items = list(items)
        total = len(items)
    if not sys.stderr.isatty():
        yield from items
        say(f"  {description}: {total:,} done")
        return
    from rich.progress import (  # bars for a terminal only (15 ms to import)
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    columns = (
        TextColumn("  {task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=console(), transient=False) as progress:
        task = progress.add_task(description, total=total)
        for item in items:
            yield item
            progress.advance(task)
