"""Rows with their column names: what a query returns and what a renderer reads."""

from __future__ import annotations

from collections import namedtuple
from dataclasses import dataclass
from functools import cache
from typing import Any


@dataclass(frozen=True)
class Table:
    """Rows of a query result with their column names."""

    columns: tuple[str, ...]
    rows: list[tuple]

    def records(self) -> list[Any]:
        """Return the rows as named tuples (`row.precision`), their fields the column names."""
        return [row_type(self.columns)._make(row) for row in self.rows]

    def record(self) -> Any:
        """Return the one row as a named tuple (a query of one row); no row is a bug."""
        (only,) = self.records()
        return only

    def column(self, name: str) -> list:
        """Return the values of one column."""
        index = self.columns.index(name)
        return [row[index] for row in self.rows]

    def where(self, name: str, value: object) -> Table:
        """Return the rows whose column `name` equals `value`."""
        index = self.columns.index(name)
        return Table(self.columns, [row for row in self.rows if row[index] == value])

    def select(self, *names: str) -> Table:
        """Return only the named columns."""
        indexes = [self.columns.index(name) for name in names]
        return Table(names, [tuple(row[i] for i in indexes) for row in self.rows])


@cache
def row_type(columns: tuple[str, ...]) -> Any:
    """Return the named-tuple type of rows with these columns (a column name that is no
    identifier, as `ends in -s`, is reached by position)."""
    return namedtuple("Row", columns, rename=True)
