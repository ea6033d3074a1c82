"""Export the archives one record per day, or a custom dictionary one row per universe word, as
JSON lines, CSV or Parquet."""

from __future__ import annotations

import datetime as dt
import itertools
from pathlib import Path

from pipeline.errors import UserError
from pipeline.games import Game
from pipeline.games.windows import require_stored_puzzles
from pipeline.storage import warehouse
from pipeline.storage.output_paths import check_output_file
from pipeline.storage.table_files import write_relation, write_relations
from pipeline.storage.warehouse import Connection


def check_export_target(fmt: str, out: Path | None) -> None:
    """Raise a UserError when the format cannot go where `--out` says (checked before the work)."""
    if fmt == "parquet" and out is None:
        raise UserError("--format parquet needs --out FILE (Parquet is not written to a terminal)")
    if out is not None:
        check_output_file(out)


def export_archive(
    con: Connection,
    game: Game,
    fmt: str,
    out: Path | None,
    since: dt.date | None = None,
    until: dt.date | None = None,
) -> int:
    """Write a game's archive (the days from `since` to `until`) in a format to a file (or stdout)
    and return the record count."""
    check_export_target(fmt, out)
    require_stored_puzzles(con, game, since, until)
    params = {"since": since, "until": until}
    return write_relation(con.sql(warehouse.sql(f"export/{game.slug}"), params=params), fmt, out)


def export_custom(
    con: Connection,
    game: Game,
    fmt: str,
    out: Path | None,
    included_only: bool = False,
    min_probability: float = 0.0,
) -> int:
    """Write a game's custom dictionary (word, probability, included, reason; the listed words
    only, or those of a least probability, when asked) and return the row count."""
    check_export_target(fmt, out)
    warehouse.require_tables(con, "custom_words", stage_hint="pipeline build")
    query = warehouse.sql("export/custom_words")
    params = {
        "game": game.name,
        "included_only": included_only,
        "min_probability": min_probability,
    }
    ranges = [(None, None)] if fmt == "parquet" else word_ranges(con, query, params)
    parts = [con.sql(query, params={**params, "after": a, "through": t}) for a, t in ranges]
    return write_relations(parts, fmt, out)


PART_ROWS = 100_000  # the rows of a custom list's export sorted at once


def word_ranges(con: Connection, query: str, params: dict) -> list[tuple[str | None, str | None]]:
    """Return the ranges of words (after, through] an export of a custom list is written by,
    PART_ROWS words each: DuckDB sorts one range at a time (the whole list at once took 285 MB)."""
    every = con.sql(query, params={**params, "after": None, "through": None})
    ends = every.query(
        "words",
        "SELECT word FROM (SELECT word, row_number() OVER (ORDER BY word) AS position FROM words)"
        f" WHERE position % {PART_ROWS} = 0 ORDER BY word",
    )
    assert ends is not None
    bounds: list[str | None] = [None, *(word for (word,) in ends.fetchall()), None]
    return list(itertools.pairwise(bounds))
