"""CSV files of query results (rendering apart from querying)."""

from __future__ import annotations

import csv
from pathlib import Path

from pipeline.render.model import Section
from pipeline.storage.output_paths import atomic_write
from pipeline.table import Table


def write_csv(table: Table, path: Path) -> Path:
    """Write a table as CSV (floats to 6 decimals), replacing the file whole; return the path."""
    with (
        atomic_write(path) as temporary,
        temporary.open("w", newline="", encoding="utf-8") as handle,
    ):
        writer = csv.writer(handle)
        writer.writerow(table.columns)
        writer.writerows([_csv_value(value) for value in row] for row in table.rows)
    return path


def _csv_value(value: object) -> object:
    """Return a CSV cell: floats rounded, missing values empty."""
    if isinstance(value, float):
        return f"{value:.6f}"
    return "" if value is None else value


def section_file_names(sections: list[Section]) -> list[str]:
    """Return the names of the CSV files the sections' tables are written to, in order."""
    return [section.csv_name(table) for section in sections for table in section.tables()]


def write_section_tables(sections: list[Section], folder: Path) -> list[Path]:
    """Write every table of the sections (every column) as CSV into a folder; return the paths."""
    folder.mkdir(parents=True, exist_ok=True)
    return [
        write_csv(table.data, folder / section.csv_name(table))
        for section in sections
        for table in section.tables()
    ]
