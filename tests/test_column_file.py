"""Column files (pipeline/storage/column_file.py): tables written once, read a row at a time."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import numpy as np
import pytest

from pipeline.storage.column_file import Coded, ColumnFile, ColumnFileError, write_column_file


def lists(*values: object) -> np.ndarray:
    """Return an object array holding the values as they are (lists stay lists)."""
    array = np.empty(len(values), dtype=object)
    array[:] = list(values)
    return array


MIDDLE, LAST = np.array([False, True, False]), np.array([False, False, True])  # the missing value


def test_every_kind_of_column_reads_back_as_written(tmp_path: Path) -> None:
    path = tmp_path / "words.cols"
    words = {
        "word": np.array(["able", "bale", "blab"], dtype=object),  # distinct: a text column
        "count": np.array([3, -1, 2**40], dtype=np.int64),
        "small": np.array([1, 2, 3], dtype=np.int16),
        "weight": np.ma.masked_array(np.array([0.5, 0.25, 1.5], dtype=np.float32), MIDDLE),
        "rate": np.array([0.1, 0.2, 1 / 3]),
        "seen": np.ma.masked_array(np.array([True, False, True]), LAST),
        "day": np.array(["2024-01-10", "1970-01-01", "2025-08-09"], dtype="datetime64[us]"),
        "reason": np.ma.masked_array(np.array(["in: é", "out", "in: é"], dtype=object), LAST),
        "lists": lists(["brown", "enable"], [], ["wordfreq"]),
        "bucket": Coded(np.array([1, -1, 0]), ["first", "second"]),
    }
    write_column_file(path, [("words", words), ("empty", {})], {"build": "b1", "rules": ["r"]})

    with ColumnFile(path) as found:
        table = found.tables["words"]
        assert found.meta == {"build": "b1", "rules": ["r"]}
        assert (table.rows, found.tables["empty"].rows) == (3, 0)
        assert [table.row(i, list(words)) for i in range(3)] == [
            ("able", 3, 1, 0.5, 0.1, True, dt.date(2024, 1, 10), "in: é", ["brown", "enable"], "second"),
            ("bale", -1, 2, None, 0.2, False, dt.date(1970, 1, 1), "out", [], None),
            ("blab", 2**40, 3, 1.5, 1 / 3, None, dt.date(2025, 8, 9), None, ["wordfreq"], "first"),
        ]  # fmt: skip
        assert table.values("rate", 1, 9) == [0.2, 1 / 3]  # a range past the end stops there
        assert [table.find("word", w) for w in ("able", "blab", "aaa", "bb", "zz")] == [
            0, 2, None, None, None,
        ]  # fmt: skip


def test_a_file_that_is_not_a_column_file_is_one_error(tmp_path: Path) -> None:
    for text in (b"", b"not a column file at all, just text\n"):
        path = tmp_path / "bad.cols"
        path.write_bytes(text)
        with pytest.raises(ColumnFileError, match="is not a column file"):
            ColumnFile(path)


def test_columns_of_one_table_have_one_length(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="differ in length: \\[1, 2\\]"):
        write_column_file(tmp_path / "x.cols", [("t", {"a": np.zeros(1), "b": np.zeros(2)})], {})
