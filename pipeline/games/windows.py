"""One rule for a window of dates that holds no stored puzzle, whichever command reads it
(`export GAME --since/--until`, `report`, `changes`, `today --date`): one error line naming the
window and the range the archive holds, never an empty output with status 0."""

from __future__ import annotations

import datetime as dt

from pipeline.dates import window_words
from pipeline.errors import UserError
from pipeline.games import Game
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection


def require_stored_puzzles(
    con: Connection, game: Game, first: dt.date | None, last: dt.date | None
) -> None:
    """Raise a UserError when a game's archive stores no puzzle in the window (a None bound:
    none)."""
    puzzles = game.table("puzzles")
    warehouse.require_tables(con, puzzles, stage_hint="pipeline scrape")
    params = {"puzzles": puzzles, "first": first, "last": last}
    stored = warehouse.query(con, "catalog/stored_days", params).record()
    if stored.in_window == 0:
        raise UserError(empty_window(game, first, last, stored.first, stored.last))


def empty_window(
    game: Game,
    first: dt.date | None,
    last: dt.date | None,
    stored_first: dt.date | None,
    stored_last: dt.date | None,
) -> str:
    """Return the error of a window without a puzzle: the window, and the archive's range."""
    if stored_first is None:
        return f"no {game.title} puzzle stored: run `pipeline scrape` first"
    return (
        f"no {game.title} puzzle {window_words(first, last)}: the archive runs from "
        f"{stored_first} to {stored_last}"
    )
