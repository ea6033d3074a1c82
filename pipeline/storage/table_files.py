"""Query results written as files (or to stdout) in the formats the commands offer: JSON lines,
CSV (a list or an object in a cell as JSON) and Parquet, each file written whole or not at all."""

from __future__ import annotations

import contextlib
import itertools
import json
import shutil
import sys
import tempfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, BinaryIO, TextIO

import duckdb
from duckdb.sqltypes import DuckDBPyType

from pipeline.storage.output_paths import atomic_write
from pipeline.storage.row_text import PLAIN_TYPES, csv_line, csv_text, json_line
from pipeline.storage.warehouse import hand_over, in_memory


def write_relation(relation: duckdb.DuckDBPyRelation, fmt: str, out: Path | None) -> int:
    """Write a relation's rows to a file (or stdout) and return how many there are."""
    return write_relations([relation], fmt, out)


def write_relations(parts: list[duckdb.DuckDBPyRelation], fmt: str, out: Path | None) -> int:
    """Write the rows of relations of the same columns, one after the other, as one table to a
    file (or stdout); return how many rows there are. Parquet takes one relation.

    DuckDB writes each part's rows to a file as it reads them, which is then passed on, so that
    the rows are never all in memory (557,673 rows of a custom list took 683 MB as Python
    tuples): CSV of plain columns is DuckDB's whole, the rest read back a chunk at a time and
    written as Python always wrote it.
    """
    if fmt == "parquet":
        (relation,) = parts
        assert out is not None  # checked before: Parquet is not written to a terminal
        with atomic_write(out) as temporary:
            relation.write_parquet(str(temporary))
        return len(relation)
    if out is None:
        sys.stdout.flush()
        count = append_parts(parts, fmt, sys.stdout.buffer)
        sys.stdout.buffer.flush()
        return count
    with atomic_write(out) as temporary, temporary.open("wb") as handle:
        return append_parts(parts, fmt, handle)


def append_parts(parts: list[duckdb.DuckDBPyRelation], fmt: str, handle: BinaryIO) -> int:
    """Write each relation's rows to an open file through a temporary one (a CSV header once);
    return how many rows there are."""
    count = 0
    with tempfile.TemporaryDirectory(prefix="pipeline-rows-") as folder:
        for number, relation in enumerate(parts):
            written = Path(folder) / f"part.{fmt}"
            count += write_file(relation, fmt, written)
            with written.open("rb") as rows:
                if number and fmt == "csv":
                    rows.readline()  # the header, written with the first part
                shutil.copyfileobj(rows, handle, COPY_BYTES)
            written.unlink()
    return count


COPY_BYTES = 1 << 20  # what a written part is passed on by
CHUNK_ROWS = 10_000  # the rows Python holds at once when it rewrites DuckDB's JSON lines


def write_file(relation: duckdb.DuckDBPyRelation, fmt: str, path: Path) -> int:
    """Write a relation's rows to a new file as JSON lines or CSV; return how many there are."""
    columns, kinds = relation.columns, [str(kind) for kind in relation.types]
    distinct = len(set(columns)) == len(columns)  # a JSON object keeps one of a name's values
    if set(kinds) <= PLAIN_TYPES and (distinct or fmt == "csv"):
        if fmt == "csv":
            return copy_rows(relation, path, f"SELECT {csv_line(columns, kinds)} FROM rows", CSV)
        return copy_rows(relation, path, f"SELECT {json_line(columns, kinds)} FROM rows", LINES)
    if not (distinct and all(map(is_exact_in_json, relation.types))):
        with path.open("w", newline="") as handle:  # fetched whole, as Python always did
            return rewrite_rows(handle, [relation.fetchall()], columns, fmt)
    with tempfile.TemporaryDirectory(prefix="pipeline-rows-") as folder:
        lines = Path(folder) / "rows.jsonl"
        count = copy_rows(relation, lines, "SELECT * FROM rows", "FORMAT json")
        with lines.open() as source, path.open("w", newline="") as handle:
            rewrite_rows(handle, json_chunks(source), columns, fmt)
    return count


# DuckDB writes each row's text, made in SQL (storage/row_text.py), as it is: no quoting, one line
# each; for CSV the column's name (the header line Python's csv module writes) first.
LINES = "FORMAT csv, HEADER false, QUOTE '', ESCAPE ''"
CSV = "FORMAT csv, HEADER true, QUOTE '', ESCAPE ''"


def copy_rows(relation: duckdb.DuckDBPyRelation, path: Path, select: str, options: str) -> int:
    """Have DuckDB write a query over the relation's rows (named `rows`) to a file as it reads
    them; return how many rows it wrote."""
    target = str(path).replace("'", "''")  # a file name takes no parameter in COPY
    with one_thread(relation):
        copied = relation.query("rows", f"COPY ({select}) TO '{target}' ({options})")
        assert copied is not None
        return int(copied.fetchall()[0][0])


@contextlib.contextmanager
def one_thread(relation: duckdb.DuckDBPyRelation) -> Iterator[None]:
    """Run a block with DuckDB on one thread: an export of a custom list (557,673 rows) then took
    half the memory (145 MB against 282-314 MB on two threads) and no longer."""
    asked = relation.query("rows", "SELECT current_setting('threads')")
    assert asked is not None
    (threads,) = asked.fetchall()[0]
    relation.query("rows", "SET threads = 1")
    try:
        yield
    finally:
        relation.query("rows", f"SET threads = {int(threads)}")


# Column types that come back from DuckDB's JSON lines as the values Python would have fetched,
# once `json.loads` has read them (a DATE as its text, which is what `default=str` wrote).
JSON_EXACT = {kind.lower() for kind in PLAIN_TYPES}


def is_exact_in_json(kind: DuckDBPyType) -> bool:
    """Return True when a column's values survive DuckDB's JSON and `json.loads` unchanged."""
    if kind.id == "list":
        child = kind.child
        return isinstance(child, DuckDBPyType) and is_exact_in_json(child)
    if kind.id == "struct":
        fields = [child for _, child in kind.children]
        return all(isinstance(f, DuckDBPyType) and is_exact_in_json(f) for f in fields)
    return kind.id in JSON_EXACT


def json_chunks(source: TextIO) -> Iterator[list[list[Any]]]:
    """Yield the rows of a JSON-lines file (each its values in order), CHUNK_ROWS at a time."""
    while lines := list(itertools.islice(source, CHUNK_ROWS)):
        yield [list(json.loads(line).values()) for line in lines]


def rewrite_rows(handle: TextIO, chunks: Iterable[list], columns: list[str], fmt: str) -> int:
    """Write rows, a chunk at a time, as JSON lines or CSV (a list in a CSV cell as one JSON
    array); return how many."""
    count = 0
    if fmt == "csv":
        handle.write(csv_text([columns]))
    for rows in chunks:
        if fmt == "csv":
            handle.write(csv_text(map(csv_row, rows)))
        else:
            handle.writelines(
                json.dumps(dict(zip(columns, row, strict=True)), default=str) + "\n" for row in rows
            )
        count += len(rows)
    return count


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
