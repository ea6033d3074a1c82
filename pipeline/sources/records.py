"""What every record a parser returns has (one puzzle day each: each game's record type is in its
folder, `pipeline/games/<game>/records.py`), the live page's source name, and ParseError."""

from __future__ import annotations

import datetime
from typing import ClassVar, Protocol

from solvers.masks import Word

__all__ = ["ParseError", "Record", "Word"]

NYT_LIVE = "nyt_live"  # the live NYT puzzle page, a source of every game (each game's other
# sources are named in its folder: `games/<game>/answer_sources/`)


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
