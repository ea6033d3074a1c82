"""What every record a parser returns has (one puzzle day each: each game's record type is in its
folder, `pipeline/games/<game>/records.py`), the names of the sources, and ParseError."""

from __future__ import annotations

import datetime
from typing import ClassVar, Protocol

from solvers.masks import Word

__all__ = ["ParseError", "Record", "Word"]

# Where a Spelling Bee record came from.
NYT_GAMEDATA = "nyt_gamedata"  # tedmiston: the NYT page's gameData.yesterday, saved next morning
BULK_ARCHIVE = "bulk_archive"  # jonb108: one line per day, taken from gameData.today at 3 a.m.
NYTBEE = "nytbee"  # a nytbee.com daily page
NYT_LIVE = "nyt_live"  # the live NYT puzzle page

# Where a Letter Boxed record came from (NYT_LIVE too).
SIMEYDK = "simeydk"  # simeydk: the NYT page's gameData, last scrape of the day


class ParseError(ValueError):
    """A source text that does not have the layout its parser expects."""


class Record(Protocol):
    """One puzzle day as one source tells it: each game's record type
    (`pipeline/games/<game>/records.py`) has these fields."""

    game: ClassVar[str]  # the registry's name of its game (pipeline.games)

    @property
    def date(self) -> datetime.date:
        """Return the day of the puzzle."""

    @property
    def source(self) -> str:
        """Return the name of the source that told it (`nyt_gamedata`)."""
