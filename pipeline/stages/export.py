"""Export the archives one record per day, or a custom dictionary one row per universe word, as
JSON lines, CSV or Parquet."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

import duckdb

from pipeline.errors import UserError
from pipeline.games import Game
from pipeline.storage import warehouse
from pipeline.storage.output_paths import atomic_write, check_output_file
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


def write_relation(relation: duckdb.DuckDBPyRelation, fmt: str, out: Path | None) -> int:
    """Write a relation's rows to a file (or stdout) and return how many there are."""
    if out is None:
        write_rows(sys.stdout, relation, fmt)
        return len(relation)
    with atomic_write(out) as temporary:
        if fmt == "parquet":
            relation.write_parquet(str(temporary))
        else:
            with temporary.open("w", newline="") as handle:
                write_rows(handle, relation, fmt)
    return len(relation)


def write_rows(handle, relation: duckdb.DuckDBPyRelation, fmt: str) -> None:
    """Write a relation's rows as JSON lines or CSV (a list in a CSV cell as one JSON array)."""
    columns = relation.columns
    if fmt == "csv":
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows(map(csv_row, relation.fetchall()))
        return
    for row in relation.fetchall():
        handle.write(json.dumps(dict(zip(columns, row, strict=True)), default=str) + "\n")


def csv_row(row: tuple) -> list:
    """Return a row's CSV cells: a list or an object as JSON, nothing for a missing value."""
    return [
        json.dumps(value, default=str) if isinstance(value, list | dict) else value
        for value in ("" if v is None else v for v in row)
    ]
