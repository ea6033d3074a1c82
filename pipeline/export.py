"""Export the archives one record per day as JSON lines, CSV or Parquet."""

from __future__ import annotations

import csv
import json
import os
import sys
import tempfile
from pathlib import Path

import duckdb

from pipeline import warehouse
from pipeline.errors import UserError
from pipeline.games import Game
from pipeline.warehouse import Connection


def export_archive(con: Connection, game: Game, fmt: str, out: Path | None) -> int:
    """Write a game's archive in a format to a file (or stdout) and return the record count."""
    warehouse.require_tables(con, game.table("puzzles"), stage_hint="pipeline scrape")
    if fmt == "parquet" and out is None:
        raise UserError("--format parquet needs --out FILE (Parquet is not written to a terminal)")
    relation = con.sql(warehouse.sql(f"export/{game.slug}"))
    if out is None:
        write_rows(sys.stdout, relation, fmt)
        return len(relation)
    with _atomic_output(out) as temporary:
        if fmt == "parquet":
            relation.write_parquet(str(temporary))
        else:
            with temporary.open("w", newline="") as handle:
                write_rows(handle, relation, fmt)
    return len(relation)


def write_rows(handle, relation: duckdb.DuckDBPyRelation, fmt: str) -> None:
    """Write a relation's rows as JSON lines or CSV (lists as space-separated words in CSV)."""
    columns = relation.columns
    if fmt == "csv":
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(columns)
        for row in relation.fetchall():
            writer.writerow(
                " ".join(v) if isinstance(v, list) else ("" if v is None else v) for v in row
            )
        return
    for row in relation.fetchall():
        handle.write(json.dumps(dict(zip(columns, row, strict=True))) + "\n")


class _atomic_output:
    """Context manager yielding a temporary path that replaces `out` only on success."""

    def __init__(self, out: Path) -> None:
        self.out = out

    def __enter__(self) -> Path:
        if not self.out.parent.is_dir():
            raise UserError(f"cannot write {self.out}: folder {self.out.parent} does not exist")
        descriptor, name = tempfile.mkstemp(
            dir=self.out.parent, prefix=f".{self.out.name}.", suffix=".part"
        )
        os.close(descriptor)
        self.temporary = Path(name)
        return self.temporary

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            os.replace(self.temporary, self.out)
        else:
            self.temporary.unlink(missing_ok=True)
