"""`pipeline generate`'s output: generated puzzles' records (each game's `generate.py` draws them)
as JSON lines or CSV, to a file replaced whole or to stdout."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import TextIO

from pipeline.storage.output_paths import atomic_write
from pipeline.storage.table_files import csv_row


def write_records(records: list[dict], fmt: str, out: Path | None) -> None:
    """Write records as JSON lines or CSV (lists and objects as JSON in a cell) to a file, replaced
    whole, or to stdout."""
    if out is None:
        write_to(sys.stdout, records, fmt)
        return
    with atomic_write(out) as temporary, temporary.open("w", newline="") as handle:
        write_to(handle, records, fmt)


def write_to(handle: TextIO, records: list[dict], fmt: str) -> None:
    """Write records to an open text file."""
    if fmt == "csv":
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(list(records[0]) if records else [])
        writer.writerows(csv_row(tuple(record.values())) for record in records)
        return
    for record in records:
        handle.write(json.dumps(record) + "\n")
