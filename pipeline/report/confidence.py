"""How sure the custom dictionary is, and how right: calibration, the maybe tier, the guard, edits.

Every table reads the rolling backtest (each pair's probability and prediction made on the evidence
strictly before its date) over a report window. `confidence_tables` returns them for any
renderer (Markdown, the chart, HTML).
"""

from __future__ import annotations

import datetime as dt

from pipeline.games import Game
from pipeline.report.results import ConfidenceReport
from pipeline.report.sections import CONFIDENCE_TABLES
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection
from pipeline.table import Table


def confidence_tables(
    con: Connection, game: Game, first: dt.date, last: dt.date
) -> dict[str, Table]:
    """Return the calibration, probability-score, maybe-tier, guard and edit tables of a window."""
    params = {"game": game.name, "first": first, "last": last}
    tables = {
        name: warehouse.query(con, f"report/{name}", params)
        for name in CONFIDENCE_TABLES
        if name != "edits"
    }
    tables["edits"] = (
        warehouse.query(con, "report/edits", params)
        if warehouse.table_exists(con, "dictionary_edits")
        else Table(("line_number", "word", "edit", "reason", "pairs_changed", "changed_right"), [])
    )
    return tables


def confidence_report(
    con: Connection, game: Game, first: dt.date, last: dt.date
) -> ConfidenceReport:
    """Return one game's confidence report over a window."""
    return ConfidenceReport(game, first, last, confidence_tables(con, game, first, last))
