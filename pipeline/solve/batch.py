"""Batch files of `pipeline solve`: JSON lines in, one JSON object a line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from pipeline.errors import UserError

T = TypeVar("T")


def read_json_lines(path: Path, make: Callable[[int, dict], T]) -> list[T]:
    """Read every non-blank JSON-object line of a file through `make(line_number, fields)`.

    An unreadable file, or a line that is not a JSON object or that `make` rejects with a
    ValueError or TypeError, is a UserError naming the line's number.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise UserError(f"cannot read batch file {path} ({error.__class__.__name__})") from None
    items = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            fields = json.loads(line)  # json.JSONDecodeError is a ValueError
            if not isinstance(fields, dict):
                raise ValueError("a line must be a JSON object")
            items.append(make(number, fields))
        except (ValueError, TypeError) as error:
            raise UserError(f"{path} line {number}: {error}") from None
    return items
