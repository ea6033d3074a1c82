"""Export the archives one record per day, or a custom dictionary one row per universe word, as
JSON lines, CSV or Parquet."""

from __future__ import annotations

from pathlib import Path

from pipeline.errors import UserError
from pipeline.games import Game
from pipeline.storage import warehouse
from pipeline.storage.output_paths import check_output_file
from pipeline.storage.table_files import write_relation
from pipeline.storage.warehouse import Connection


def check_export_target(fmt: str, out: Path | None) -> None:
    """Raise a UserError when the format cannot go where `--out` says (checked before the work)."""
    if fmt == "parquet" and out is None:
        raise UserError("--format parquet needs --out FILE (Parquet is not written to a terminal)")
    if out is not None:
        check_output_file(out)


def export_archive(con: Connection, game: Game, fmt: str, out: Path | None) -> int:
    """Write a game's archive in a format to a file (or stdout) and return the record count."""
    check_export_target(fmt, out)
    warehouse.require_tables(con, game.table("puzzles"), stage_hint="pipeline scrape")
    return write_relation(con.sql(warehouse.sql(f"export/{game.slug}")), fmt, out)


def export_custom(con: Connection, game: Game, fmt: str, out: Path | None) -> int:
    """Write a game's custom dictionary (word, probability, included, reason) and return the row
    count."""
    check_export_target(fmt, out)
    warehouse.require_tables(con, "custom_words", stage_hint="pipeline build")
    query = warehouse.sql("export/custom_words")
    return write_relation(con.sql(query, params={"game": game.name}), fmt, out)
