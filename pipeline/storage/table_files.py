"""Query results written as files (or to stdout) in the formats the commands offer: JSON lines,
CSV (a list or an object in a cell as JSON) and Parquet, each file written whole or not at all."""

from __future__ import annotations

import csv
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import duckdb

from pipeline.storage.output_paths import atomic_write
from pipeline.storage.warehouse import hand_over, in_memory


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


def write_columns(columns: Mapping[str, Sequence[Any]], fmt: str, out: Path | None) -> int:
    """Write Python columns (as warehouse.hand_over takes them) in a format; return the rows."""
    con = in_memory()
    try:
        hand_over(con, "written_columns", columns)
        return write_relation(con.sql("SELECT * FROM written_columns"), fmt, out)
    finally:
        con.close()
