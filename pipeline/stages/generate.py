"""`pipeline generate`'s output: generated puzzles' records (each game's `generate.py` draws them)
with a clue to each answer, as JSON lines or CSV, to a file replaced whole or to stdout."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from pipeline.storage.output_paths import atomic_write
from pipeline.storage.table_files import csv_row

if TYPE_CHECKING:
    from pipeline.storage.warehouse import Connection


def with_clues(con: Connection, records: list[dict], words_key: str) -> list[dict]:
    """Return the records, each with `clues`: for each word of its `words_key` list (Spelling
    Bee: `answers`; Letter Boxed: the best `solution`), in that order, `{word, clue, example}`
    (both null when WordNet gives it none), as `answer_clues` gives them to that list as one
    puzzle's answers (`pipeline serve` gives the same); the senses are read in one query."""
    from pipeline.model.clues import puzzle_clues
    from pipeline.sources.wordnet import CLUE_TABLES
    from pipeline.stages.clues import described_words
    from pipeline.storage.reader import require_tables
    from pipeline.storage.warehouse import WarehouseReader

    reader = WarehouseReader(con)
    require_tables(reader, *CLUE_TABLES, stage_hint="pipeline words")
    described = described_words(reader, {word for record in records for word in record[words_key]})
    clued = []
    for record in records:
        found = puzzle_clues(record[words_key], described)
        clues = [
            {"word": word, "clue": clue.text, "example": clue.example}
            if (clue := found[word])
            else {"word": word, "clue": None, "example": None}
            for word in record[words_key]
        ]
        clued.append({**record, "clues": clues})
    return clued


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
