"""A game's puzzle of a day, stored or live: read by `pipeline today` (`stages/today.py`) and by
`pipeline serve` (`serve/puzzles.py`), so that the server reads a stored puzzle without a stage.

The puzzle comes from the live NYT page (online: through the download cache and the same parsers
as `scrape`), from the stored days for a given date, or is the latest stored one (offline, or
when the live page fails).
"""

from __future__ import annotations

import datetime as dt

from pipeline import config
from pipeline.errors import UserError
from pipeline.games import Game
from pipeline.games.hooks import hooks_of
from pipeline.games.windows import require_stored_puzzles
from pipeline.render.text import plural
from pipeline.sources import live_source
from pipeline.sources.records import ParseError, Record
from pipeline.storage import sql_files, warehouse
from pipeline.storage.download import Downloader
from pipeline.storage.reader import Reader, require_tables


def live_record(downloader: Downloader, game: Game) -> tuple[Record | None, str]:
    """Return today's puzzle from the live NYT page, or None and why it is not available."""
    source = live_source(game.name)
    fetched = downloader.fetch(source.url, refresh=True)
    if fetched.path is None:
        why = fetched.error or fetched.origin
        return None, f"the live page {source.url} is not available ({why})"
    try:
        return source.parse(fetched.text())[-1], source.url  # the last record is today's
    except ParseError as error:
        return None, f"the live page {source.url} could not be read ({error})"


def stored_record(reader: Reader, game: Game, date: dt.date | None) -> Record | None:
    """Return the stored puzzle of a date, or the latest stored one when no date is given."""
    require_tables(reader, game.table("puzzles"), stage_hint="pipeline scrape")
    days = game.query("today", "days")
    if not sql_files.exists(days):  # a game that stores no day
        return None
    found = reader.query(days, {"first": date, "last": date}).records()
    return hooks_of(game).stored_record(found[0]) if found else None


def find_day(
    reader: Reader | None, game: Game, date: dt.date | None, downloader: Downloader
) -> tuple[Record, str, bool]:
    """Return the puzzle, where it came from, and whether it is a stored (past) one."""
    if date is None and not downloader.offline:
        record, origin = live_record(downloader, game)
        if record is not None:
            return record, f"the live NYT page ({origin})", False
        fallback = f"the latest stored puzzle: {origin}"
    else:
        fallback = "the latest stored puzzle (offline)"
    if reader is None:
        raise UserError(config.missing_warehouse(config.warehouse_path()))
    record = stored_record(reader, game, date)
    if record is None:
        require_stored_day(reader, game, date)
        raise UserError(f"no {game.title} puzzle stored for {date}")  # stored meanwhile?
    if date:
        return record, f"the warehouse ({date})", True
    return record, f"{fallback}, {age(record.date)}", True


def require_stored_day(reader: Reader, game: Game, date: dt.date | None) -> None:
    """Raise the one error of a day without a stored puzzle (or of an archive without any),
    naming the range the archive stores (games/windows.py), read from the warehouse."""
    if isinstance(reader, warehouse.WarehouseReader):
        require_stored_puzzles(reader.con, game, date, date)
        return
    with warehouse.open_warehouse(read_only=True) as con:  # the day files are the build's
        require_stored_puzzles(con, game, date, date)


def age(day: dt.date, today: dt.date | None = None) -> str:
    """Return how old a stored puzzle is, in words (`472 days old`, `today's`)."""
    days = ((today or dt.date.today()) - day).days
    return "today's" if days <= 0 else f"{plural(days, 'day')} old"
