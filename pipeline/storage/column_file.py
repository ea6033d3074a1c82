"""Column files: tables the build writes once for a command that reads a few of their rows
(`explain` reads one word's), read without numpy or DuckDB.

A file is each column's values one after the other, little-endian, then its header (JSON) and the
header's length (8 bytes): written as the columns come, the header last. The header names each
table, its row count and its columns, each with its kind and where its values start, and holds
what the writer adds (`meta`). A column is fixed-size numbers (a struct format: `?` `b` `h` `i`
`q` `f` `d`), dates (days since 1970-01-01, `i`), text (offsets, then the UTF-8 text) or codes
(indexes into a text column of the distinct values, -1 for none; a code column may hold lists of
texts); a column with missing values has a byte per row beside it (`nulls`). A key column (text,
sorted) finds a row by bisection over the mapped file, so that reading a row touches a few pages.

More columns or tables can be added to a file without changing how the others are read.
"""

from __future__ import annotations

import json
import mmap
import os
import struct
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.dates import date_of
from pipeline.storage.closing import Closing

if TYPE_CHECKING:
    import numpy as np

NUMBER_FORMATS = {"bool": "?", "int8": "b", "int16": "h", "int32": "i", "int64": "q"}
NUMBER_FORMATS |= {"float32": "f", "float64": "d"}
OFFSET = "I"  # text offsets: a file's text columns hold under 4 GB
HEADER_LENGTH = "<Q"  # the file's last 8 bytes: the header's length
LIST_SEPARATOR = "\x1f"  # the unit separator: never in a word, a list name or a reason


class ColumnFileError(ValueError):
    """A file that is not a column file, or not the one the reader expects."""


# --- writing -------------------------------------------------------------------------------------


def write_column_file(
    path: Path, tables: Iterable[tuple[str, Mapping[str, Any]]], meta: Mapping[str, Any]
) -> None:
    """Write tables of columns to `path`, flushed to disk: each column a numpy array (masked
    where values are missing; an object array holds texts, lists of texts or None) or `Coded`.
    The tables come as (name, columns) pairs, each written before the next is asked for (a
    generator holds one table at a time in memory)."""
    described: dict[str, dict] = {}
    with path.open("wb") as handle:
        for table, columns in tables:
            rows = {len(values) for values in columns.values()}
            if len(rows) > 1:
                raise ValueError(f"the columns of table {table} differ in length: {sorted(rows)}")
            described[table] = {"rows": rows.pop() if rows else 0, "columns": {}}
            for name, values in columns.items():
                column, parts = encode_column(values)
                column["start"] = handle.tell()
                column["parts"] = [len(part) for part in parts]
                handle.writelines(parts)
                described[table]["columns"][name] = column
        header = json.dumps({"meta": dict(meta), "tables": described}, default=str).encode()
        handle.write(header)
        handle.write(struct.pack(HEADER_LENGTH, len(header)))
        handle.flush()
        os.fsync(handle.fileno())


@dataclass(frozen=True)
class Coded:
    """A text column given as codes (-1: none) into its distinct values: written as they are."""

    codes: Any  # a numpy array of integers
    values: Sequence[str]

    def __len__(self) -> int:
        return len(self.codes)


def encode_column(values: Any) -> tuple[dict, list[bytes]]:
    """Return a column's description and its byte blocks."""
    import numpy as np

    column: dict[str, Any]
    if isinstance(values, Coded):
        column = {"kind": "codes", "format": "i", "values": len(values.values), "lists": False}
        return column, [
            np.asarray(values.codes).astype("<i4").tobytes(),
            *text_blocks(values.values),
        ]
    nulls = np.ma.getmaskarray(values) if np.ma.isMaskedArray(values) else None
    data = np.ma.getdata(values)
    parts: list[bytes] = []
    if data.dtype.kind == "M":
        column = {"kind": "date", "format": "i"}
        parts.append(data.astype("datetime64[D]").astype("<i4").tobytes())
    elif data.dtype.kind == "O":
        texts: list[Any] = list(data)
        if nulls is not None:  # a missing text is code -1
            texts = [None if gone else value for value, gone in zip(texts, nulls, strict=True)]
            nulls = None
        lists = any(value is not None and not isinstance(value, str) for value in texts)
        if lists:  # lists of texts: each list is one text, its items parted by LIST_SEPARATOR
            texts = [None if value is None else LIST_SEPARATOR.join(value) for value in texts]
        if not lists and None not in texts and len(set(texts)) == len(texts):
            column = {"kind": "text"}  # each text once (a key): as it is
            parts += text_blocks(texts)
        else:
            codes, distinct = text_codes(texts)
            column = {"kind": "codes", "format": "i", "values": len(distinct), "lists": lists}
            parts.append(codes.astype("<i4").tobytes())
            parts += text_blocks(distinct)
    else:
        kind = data.dtype.name
        if kind not in NUMBER_FORMATS:
            raise TypeError(f"a column of {kind} cannot be written")
        column = {"kind": kind, "format": NUMBER_FORMATS[kind]}
        parts.append(data.astype(data.dtype.newbyteorder("<")).tobytes())
    if nulls is not None and nulls.any():
        column["nulls"] = True
        parts.append(nulls.astype(np.uint8).tobytes())
    return column, parts


def text_codes(values: Sequence[str | None]) -> tuple[np.ndarray, list[str]]:
    """Return each value's index among the distinct values (-1: none), and those values."""
    import numpy as np

    distinct = [value for value in dict.fromkeys(values) if value is not None]  # first seen first
    index: dict[str | None, int] = {value: code for code, value in enumerate(distinct)}
    index[None] = -1
    codes = np.fromiter(map(index.__getitem__, values), dtype=np.int64, count=len(values))
    return codes, distinct


def text_blocks(texts: Sequence[str]) -> list[bytes]:
    """Return texts as two blocks: their end offsets (after a 0), and their UTF-8 bytes."""
    import numpy as np

    encoded = [text.encode("utf-8") for text in texts]
    ends = np.cumsum([0, *map(len, encoded)], dtype=np.int64)
    if ends[-1] >= 2**32:
        raise ValueError("a text column of 4 GB or more cannot be written")
    return [ends.astype("<u4").tobytes(), b"".join(encoded)]


def split_list(text: str) -> list[str]:
    """Return the items of a list written as one text."""
    return text.split(LIST_SEPARATOR) if text else []


# --- reading -------------------------------------------------------------------------------------


class ColumnFile(Closing):
    """A column file, mapped: its meta, and its tables' rows by position or by key."""

    def __init__(self, path: Path) -> None:
        """Map the file and read its header; a file that is not a column file raises
        ColumnFileError (the caller closes it)."""
        with path.open("rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size < struct.calcsize(HEADER_LENGTH):
                raise ColumnFileError(f"{path} is not a column file (too short)")
            self._map = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
        try:
            (length,) = struct.unpack_from(HEADER_LENGTH, self._map, size - 8)
            header = json.loads(self._map[size - 8 - length : size - 8])
            self.meta: dict[str, Any] = header["meta"]
            described = header["tables"]
        except (ValueError, KeyError, TypeError, struct.error) as error:
            self._map.close()
            raise ColumnFileError(f"{path} is not a column file ({error})") from None
        self._data = 0  # the columns' starts are offsets in the file
        self.tables = {name: TableReader(self, name, spec) for name, spec in described.items()}

    def close(self) -> None:
        """Unmap the file."""
        self._map.close()

    def bytes_at(self, start: int, length: int) -> bytes:
        """Return `length` bytes of the column data from `start`."""
        at = self._data + start
        return self._map[at : at + length]

    def unpack(self, fmt: str, start: int, count: int = 1) -> tuple:
        """Return `count` values of a struct format from `start` of the column data."""
        return struct.unpack_from(f"<{count}{fmt}", self._map, self._data + start)


class TableReader:
    """One table of a column file."""

    def __init__(self, file: ColumnFile, name: str, spec: dict) -> None:
        self.file, self.name, self.rows = file, name, int(spec["rows"])
        self.columns: dict[str, dict] = spec["columns"]

    def values(self, column: str, start: int, stop: int) -> list:
        """Return a column's values of the rows from `start` up to `stop` (None: missing)."""
        spec = self.columns[column]
        stop = min(stop, self.rows)
        if stop <= start:
            return []
        kind, first = spec["kind"], spec["start"]
        found: list[Any]
        if kind == "text":
            found = self._texts(first, self.rows, start, stop)
        elif kind == "codes":
            codes = self.file.unpack("i", first + 4 * start, stop - start)
            text_start = first + 4 * self.rows
            found = [
                None if code < 0 else self._texts(text_start, spec["values"], code, code + 1)[0]
                for code in codes
            ]
            if spec.get("lists"):
                found = [None if text is None else split_list(text) for text in found]
        else:
            size = struct.calcsize(spec["format"])
            found = list(self.file.unpack(spec["format"], first + size * start, stop - start))
            if kind == "date":
                found = [date_of(day) for day in found]
        if spec.get("nulls"):
            missing = self.file.bytes_at(self._nulls_start(spec) + start, stop - start)
            found = [None if gone else value for value, gone in zip(found, missing, strict=True)]
        return found

    def row(self, position: int, names: Sequence[str]) -> tuple:
        """Return the named columns' values of one row."""
        return tuple(self.values(name, position, position + 1)[0] for name in names)

    def find(self, key_column: str, key: str) -> int | None:
        """Return the position of the row whose key is `key` (the column is sorted), or None."""
        first = self.columns[key_column]["start"]
        low, high = 0, self.rows
        wanted = key.encode("utf-8")
        while low < high:
            middle = (low + high) // 2
            if self._text_bytes(first, self.rows, middle) < wanted:
                low = middle + 1
            else:
                high = middle
        if low < self.rows and self._text_bytes(first, self.rows, low) == wanted:
            return low
        return None

    def _texts(self, first: int, count: int, start: int, stop: int) -> list[str]:
        """Return the texts from `start` up to `stop` of a text block of `count` texts."""
        ends = self.file.unpack(OFFSET, first + 4 * start, stop - start + 1)
        data = self.file.bytes_at(first + 4 * (count + 1) + ends[0], ends[-1] - ends[0])
        return [
            data[a - ends[0] : b - ends[0]].decode("utf-8")
            for a, b in zip(ends, ends[1:], strict=False)
        ]

    def _text_bytes(self, first: int, count: int, position: int) -> bytes:
        """Return the UTF-8 bytes of one text of a text block."""
        start, end = self.file.unpack(OFFSET, first + 4 * position, 2)
        return self.file.bytes_at(first + 4 * (count + 1) + start, end - start)

    def _nulls_start(self, spec: dict) -> int:
        """Return where a column's missing-value bytes start (after its values)."""
        return int(spec["start"]) + sum(spec["parts"][:-1])
