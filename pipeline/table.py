"""Rows with their column names: what a query returns and what a renderer reads."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Table:
    """Rows of a query result with their column names."""

    columns: tuple[str, ...]
    rows: list[tuple]

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
