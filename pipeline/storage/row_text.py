"""A row's text as Python writes it, made by DuckDB in SQL: the line Python's csv module writes of
the values DuckDB hands Python, and the line `json.dumps(dict(row), default=str)` writes. DuckDB
then writes a million lines in a second, where Python took eight (storage/table_files.py).

Only columns of plain types are made so (PLAIN_TYPES): their text in SQL is Python's (a DOUBLE's
text is its repr, checked on every probability of six decimals and on random bit patterns).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from typing import Any

PLAIN_TYPES = {
    "VARCHAR", "BOOLEAN", "DATE", "DOUBLE", "TINYINT", "SMALLINT", "INTEGER", "BIGINT",
    "HUGEINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT",
}  # fmt: skip


def csv_line(columns: Sequence[str], kinds: Sequence[str]) -> str:
    """Return the SQL expression of a row's CSV line, named as its header line."""
    cells = [
        csv_cell(quoted_identifier(name), kind) for name, kind in zip(columns, kinds, strict=True)
    ]
    line = " || ',' || ".join(cells)
    if len(cells) == 1:  # the csv module quotes a line's only field when it is empty
        line = f"CASE WHEN {line} = '' THEN '\"\"' ELSE {line} END"
    return f"{line} AS {quoted_identifier(csv_text([columns]).rstrip(chr(10)))}"


def csv_cell(column: str, kind: str) -> str:
    """Return the SQL expression of one value's CSV cell (nothing for NULL)."""
    if kind == "BOOLEAN":
        return f"CASE WHEN {column} THEN 'True' WHEN NOT {column} THEN 'False' ELSE '' END"
    if kind != "VARCHAR":
        return f"coalesce(CAST({column} AS VARCHAR), '')"
    special = " OR ".join(f"contains({column}, chr({ord(c)}))" for c in CSV_QUOTED)
    quoted = f"'\"' || replace({column}, '\"', '\"\"') || '\"'"
    return f"CASE WHEN {column} IS NULL THEN '' WHEN {special} THEN {quoted} ELSE {column} END"


def csv_text(rows: Iterable[Sequence[Any]]) -> str:
    """Return rows as Python's csv module writes them (one line each)."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()


# The characters that make Python's csv module quote a field, asked of the running Python (3.11
# quotes a comma, a quote and the line's end; later versions add a carriage return).
CSV_QUOTED = [c for c in ',"\n\r' if csv_text([[f"a{c}b", ""]]).startswith('"')]


def json_line(columns: Sequence[str], kinds: Sequence[str]) -> str:
    """Return the SQL expression of a row's JSON object as `json.dumps` writes a dict."""
    pairs = [
        f"{literal(json.dumps(name) + ': ')} || {json_value(quoted_identifier(name), kind)}"
        for name, kind in zip(columns, kinds, strict=True)
    ]
    return "'{' || " + " || ', ' || ".join(pairs) + " || '}'" if pairs else "'{}'"


def json_value(column: str, kind: str) -> str:
    """Return the SQL expression of one value in JSON (a date as its quoted text)."""
    if kind == "VARCHAR":
        return json_string(column)
    if kind == "BOOLEAN":
        return f"CASE WHEN {column} THEN 'true' WHEN NOT {column} THEN 'false' ELSE 'null' END"
    if kind == "DATE":
        return f"coalesce('\"' || CAST({column} AS VARCHAR) || '\"', 'null')"
    if kind == "DOUBLE":  # Python's JSON names the values no number is
        return (
            f"CASE WHEN isnan({column}) THEN 'NaN' WHEN {column} = 'inf'::DOUBLE THEN 'Infinity' "
            f"WHEN {column} = '-inf'::DOUBLE THEN '-Infinity' "
            f"ELSE coalesce(CAST({column} AS VARCHAR), 'null') END"
        )
    return f"coalesce(CAST({column} AS VARCHAR), 'null')"


# How `json.dumps` writes a character that is not printable ASCII, or a quote or a backslash: its
# short escape, else \uXXXX (lower-case), a surrogate pair beyond the first 65,536.
JSON_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b"}
JSON_ESCAPES["\f"] = "\\f"
ASTRAL = "printf('\\u%04x\\u%04x', 55296 + ((unicode(c) - 65536) >> 10), 56320 + ((unicode(c) - 65536) & 1023))"


def json_string(column: str) -> str:
    """Return the SQL expression of a text value as a JSON string with only ASCII in it; a text
    of printable ASCII without a quote or a backslash is taken whole, any other a character at a
    time."""
    short = " ".join(
        f"WHEN chr({ord(char)}) THEN {literal(escape)}" for char, escape in JSON_ESCAPES.items()
    )
    character = (
        f"CASE c {short} ELSE CASE WHEN unicode(c) BETWEEN 32 AND 126 THEN c "
        f"WHEN unicode(c) < 65536 THEN printf('\\u%04x', unicode(c)) ELSE {ASTRAL} END END"
    )
    escaped = f"array_to_string(list_transform(regexp_extract_all({column}, '(?s).'), lambda c: {character}), '')"
    return (
        f"CASE WHEN {column} IS NULL THEN 'null' "
        f"WHEN NOT regexp_matches({column}, '[^ -~]|[\"\\\\]') THEN '\"' || {column} || '\"' "
        f"ELSE '\"' || {escaped} || '\"' END"
    )


def literal(text: str) -> str:
    """Return a text as a SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


def quoted_identifier(name: str) -> str:
    """Return a name as a SQL identifier."""
    return '"' + name.replace('"', '""') + '"'
