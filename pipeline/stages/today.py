"""`pipeline today`: one day's puzzle with what the custom dictionary expects, answers hidden.

The puzzle comes from the live NYT page (online: through the download cache and the same parsers
as `scrape`), from the stored days for a given date, or is the latest stored one (offline, or
when the live page fails). The first line says which. The stored days are read through a
`Reader`: the days the build wrote beside the lists when they are fresh, else the warehouse. What
a game shows of its day is its own (`GameHooks.day_lines`), and so are the words it gives clues
to with `--clues` (`GameHooks.day_clues`), read through the index the build wrote for `explain`
when it is fresh, else the warehouse (`clue_reader`).
"""

from __future__ import annotations

import contextlib
import datetime as dt
from functools import partial

from pipeline import config
from pipeline.errors import UserError
from pipeline.games import Game
from pipeline.games.hooks import DayClues, StoredDay, hooks_of
from pipeline.render.text import plural
from pipeline.sources import live_source
from pipeline.sources.records import ParseError, Record
from pipeline.storage import named_lists, sql_files
from pipeline.storage.download import Downloader
from pipeline.storage.reader import Reader, require_tables

Day = StoredDay


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
    naming the range the archive stores (stages/windows.py), read from the warehouse."""
    from pipeline.stages.windows import require_stored_puzzles
    from pipeline.storage import warehouse

    if isinstance(reader, warehouse.WarehouseReader):
        require_stored_puzzles(reader.con, game, date, date)
        return
    with warehouse.open_warehouse(read_only=True) as con:  # the day files are the build's
        require_stored_puzzles(con, game, date, date)


def age(day: dt.date, today: dt.date | None = None) -> str:
    """Return how old a stored puzzle is, in words (`472 days old`, `today's`)."""
    days = ((today or dt.date.today()) - day).days
    return "today's" if days <= 0 else f"{plural(days, 'day')} old"


def expected_words(reader: Reader | None, game: Game, record: Record) -> tuple[list[str], str]:
    """Return the words the custom dictionary expects for a puzzle: the rolling backtest's
    prediction when the day is in it (evidence from before the day only), else today's list."""
    if reader is not None and reader.table_exists("backtest"):
        params = {"game": game.name, "first": record.date, "last": record.date}
        rows = reader.query("today/expected_words", params).rows
        if rows:
            return list(rows[0][1]), f"built on the evidence before {record.date} (its backtest)"
    words = named_lists.require_game_words(named_lists.file_word_list("custom", game), game).words
    return hooks_of(game).words_for(words, record), "as built now"


def today(reader: Reader | None, game: Game, date: dt.date | None, downloader: Downloader) -> Day:
    """Return the day's puzzle with the words the custom dictionary expects."""
    record, origin, stored = find_day(reader, game, date, downloader)
    words, expected_from = expected_words(reader, game, record)
    return Day(game, record, origin, stored, words, expected_from)


def clue_reader(stack: contextlib.ExitStack, opened: Reader | None) -> Reader:
    """Return what the clues are read through: the index the build wrote for `explain` when it is
    fresh, else the warehouse (`opened`, when the days were read from it; else opened on
    `stack`)."""
    from pipeline.storage import warehouse
    from pipeline.storage.explain_index import ExplainIndex

    index = ExplainIndex.open_fresh(games=())  # its words' file only
    if index is not None:
        return stack.enter_context(index)
    if isinstance(opened, warehouse.WarehouseReader):
        return opened
    if not config.warehouse_path().exists():
        raise UserError(config.missing_warehouse(config.warehouse_path()))
    return warehouse.WarehouseReader(stack.enter_context(warehouse.open_warehouse(read_only=True)))


def day_clues(reader: Reader, day: Day) -> DayClues:
    """Return the clues `today --clues` gives to the day's words (never the words)."""
    from pipeline.stages.clues import reader_clues

    return hooks_of(day.game).day_clues(day, partial(reader_clues, reader))


def format_day(day: Day, reveal: bool, clues: DayClues | None = None) -> str:
    """Return the day as text: no answers unless `reveal`; its clues when given."""
    first = f"{day.game.title} {day.record.date}, from {day.origin}"
    lines = [first, *hooks_of(day.game).day_lines(day, reveal)]
    return "\n".join(lines if clues is None else [*lines, "", *clue_lines(clues)])


def clue_lines(clues: DayClues) -> list[str]:
    """Return the clues as lines under their heading (games/play.py `clue_lines`)."""
    from pipeline.games.play import clue_lines as numbered

    return [f"{clues.heading}:", *numbered(clues.clues)]


def day_record(day: Day, reveal: bool, clues: DayClues | None = None) -> dict:
    """Return the day as the JSON object of `pipeline today --json`: no answers unless
    `reveal`; its clues (`clues`) when given."""
    record = {
        "game": day.game.name,
        "date": day.record.date.isoformat(),
        "origin": day.origin,
        "stored": day.stored,
        **hooks_of(day.game).day_record(day, reveal),
    }
    return record if clues is None else {**record, "clues": clues.clues}
