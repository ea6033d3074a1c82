"""What a command reads through: named queries, answered by the warehouse
(`warehouse.WarehouseReader`) or by the files the build wrote beside the lists when they are fresh
(`explain_index.ExplainIndex`, `day_files.DayFiles`; storage/built_files.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from pipeline.errors import UserError
from pipeline.table import Table


class Reader(Protocol):
    """Answers named queries (`sql/queries/NAME.sql`) and says which tables exist."""

    def query(self, name: str, params: Mapping[str, Any] | None = None) -> Table:
        """Return what the named query answers for these parameters."""
        ...

    def table_exists(self, table: str) -> bool:
        """Return True when the table the answers come from exists."""
        ...


def require_tables(reader: Reader, *tables: str, stage_hint: str) -> None:
    """Raise a UserError naming the stage to run when a needed table is missing."""
    missing = [table for table in tables if not reader.table_exists(table)]
    if missing:
        raise UserError(
            f"the warehouse has no {', '.join(missing)} table: run `{stage_hint}` first"
        )
