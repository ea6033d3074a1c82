"""The records parsers return (one puzzle day each), the names of the sources, and ParseError."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import ClassVar

Word = str

# Where a Spelling Bee record came from.
NYT_GAMEDATA = "nyt_gamedata"  # tedmiston: the NYT page's gameData.yesterday, saved next morning
BULK_ARCHIVE = "bulk_archive"  # jonb108: one line per day, taken from gameData.today at 3 a.m.
NYTBEE = "nytbee"  # a nytbee.com daily page
NYT_LIVE = "nyt_live"  # the live NYT puzzle page

# Where a Letter Boxed record came from (NYT_LIVE too).
SIMEYDK = "simeydk"  # simeydk: the NYT page's gameData, last scrape of the day


class ParseError(ValueError):
    """A source text that does not have the layout its parser expects."""


@dataclass(frozen=True)
class BeeRecord:
    """One Spelling Bee day as one source tells it."""

    game: ClassVar[str] = "spelling-bee"  # the registry's name of its game (pipeline.games)

    date: datetime.date
    center: str
    others: str  # the six other letters, sorted
    answers: tuple[Word, ...]  # sorted, duplicates kept so that validation can report them
    pangrams: tuple[Word, ...]  # sorted, as the source states them
    source: str
    not_accepted: tuple[Word, ...] = ()  # nytbee.com only: dictionary words not accepted that day
    stated_answer_count: int | None = None  # the count the source states, when it states one

    @property
    def letters(self) -> str:
        """Return the seven letters, center first."""
        return self.center + self.others


@dataclass(frozen=True)
class BoxRecord:
    """One Letter Boxed day as one source tells it."""

    game: ClassVar[str] = "letter-boxed"

    date: datetime.date
    sides: tuple[str, str, str, str]  # order kept as given
    nyt_solution: tuple[Word, ...]
    par: int | None
    nyt_id: int | None
    dictionary: tuple[Word, ...] | None  # sorted; None when unknown
    yesterdays_sides: tuple[str, ...] | None
    yesterdays_solution: tuple[Word, ...] | None
    source: str


Record = BeeRecord | BoxRecord
