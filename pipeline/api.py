"""Use the pipeline from Python (a notebook, a script): a few functions over the built warehouse
and word lists. Open the warehouse read-only, as these do: a connection that writes holds
DuckDB's lock, and every `pipeline` command waits for it (up to PIPELINE_LOCK_WAIT seconds).

Bad input (an unknown game, letters or sides that make no puzzle, a word the list never saw) and
a missing warehouse or list raise one error type, `api.UserError`, whose message is the command
line's `error:` line without `error: ` (the same words, lower-case, no full stop).

    >>> from pipeline import api
    >>> with api.open_warehouse(warehouse_path) as con:
    ...     api.archive(con, "spelling-bee").select("date", "center", "others").limit(2).fetchall()
    [(datetime.date(2021, 6, 1), 'h', 'dimoru'), (datetime.date(2024, 1, 10), 'a', 'belrty')]

(`warehouse_path` is `warehouse.duckdb` in the folder `make dictionary` ran in; the examples here
run on the test suite's tiny warehouse.)
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from pathlib import Path

import duckdb

from pipeline.errors import UserError  # the one error of bad input: `api.UserError`
from pipeline.games import game_named
from pipeline.games.hooks import hooks_of
from pipeline.storage import named_lists, warehouse
from pipeline.storage.warehouse import Connection


@contextlib.contextmanager
def open_warehouse(path: Path | str | None = None) -> Iterator[Connection]:
    """Yield a read-only connection to the warehouse (default: PIPELINE_WAREHOUSE, else
    `warehouse.duckdb` here), with the pipeline's SQL macros; it is closed when the block ends.

    >>> with api.open_warehouse(warehouse_path) as con:
    ...     con.sql("SELECT letter_mask('abc')").fetchall()
    [(7,)]
    """
    with warehouse.open_warehouse(Path(path) if path else None, read_only=True) as con:
        yield con


def archive(con: Connection, game: str) -> duckdb.DuckDBPyRelation:
    """Return a game's archive (its `<game>_puzzles` table) as a DuckDB relation, oldest first:
    filter it, join it, or fetch its rows (`.fetchall()`; `.df()` needs pandas, which the
    project does not install).

    >>> with api.open_warehouse(warehouse_path) as con:
    ...     api.archive(con, "letter-boxed").select("date", "sides").limit(1).fetchall()
    [(datetime.date(2023, 3, 1), ['bam', 'lci', 'kto', 'shp'])]
    """
    table = game_named(game).table("puzzles")
    warehouse.require_tables(con, table, stage_hint="pipeline scrape")
    return con.table(table).order("date")


def probability(con: Connection, word: str, game: str) -> float:
    """Return the probability the NYT accepts a word in a game, as the last build judged it.

    >>> with api.open_warehouse(warehouse_path) as con:
    ...     round(api.probability(con, "bales", "spelling-bee"), 3)
    0.4
    """
    found = game_named(game)
    warehouse.require_tables(con, "custom_words", stage_hint="pipeline build")
    entry = warehouse.query(con, "explain/custom", {"game": found.name, "word": word})
    if not entry.rows:
        raise UserError(f"{word!r} is not in the {found.title} universe")
    return float(entry.column("probability")[0])


def solve(
    game: str, puzzle: str | Sequence[str], words: list[str] | None = None
) -> list[str] | None:
    """Return a puzzle's answers with the custom list (or `words`), as its game solves it (its
    hook `solve`), the puzzle given in the forms `pipeline solve` takes: a Spelling Bee's letters
    (center first: `"baeklnt"`, or one by one) give every answer, longest first, then
    alphabetically; a Letter Boxed board's sides (four, or `"bam/lci/kto/shp"` as `today` prints
    them) its best solution (fewest words, then letters, then the commonest rarest word, then
    alphabetical, as everywhere), or None.

    >>> api.solve("spelling-bee", "baeklnt")
    ['blanket', 'able', 'alba', 'blab']
    >>> api.solve("spelling-bee", ["b", "a", "e", "k", "l", "n", "t"])
    ['blanket', 'able', 'alba', 'blab']
    >>> api.solve("letter-boxed", ["bam", "lci", "kto", "shp"])
    ['blacksmith', 'hop']
    >>> api.solve("letter-boxed", "BAM/LCI/KTO/SHP")
    ['blacksmith', 'hop']
    >>> api.solve("spelling-bee", ["b", "a"])
    Traceback (most recent call last):
    ...
    pipeline.errors.UserError: expected 7 letters with the center first, got 2 ('ba')
    """
    found = game_named(game)
    solver = hooks_of(found).solve
    if solver is None:
        raise UserError(f"{found.title} is not solved from Python")
    listed = words if words is not None else named_lists.file_word_list("custom", found).words
    answers: list[str] | None = solver(puzzle, listed)
    return answers
