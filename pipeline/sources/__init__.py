"""The answer sources: every place the official answers come from, registered once.

One entry per (source, game): its URL (`{date}` for a file a day), its first date, its
precedence when two sources give the same day (the merge SQL reads it from the `answer_sources`
table), when it takes its copy of the day, and its parser (a module of this package, imported
when a body is parsed). Each parser raises ParseError, with a one-line reason, when its input
does not have the expected layout; parsers check the shape of a source, the games
(`pipeline/games/`) check the puzzle rules. Adding a source is one entry here and its parser.
"""

from __future__ import annotations

import datetime as dt
import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from pipeline.sources.records import BULK_ARCHIVE, NYT_GAMEDATA, NYT_LIVE, NYTBEE, SIMEYDK

Kind = Literal["bulk", "daily", "live"]


@dataclass(frozen=True)
class AnswerSource:
    """One source of one game's official answers."""

    name: str  # the `source` column of the game's source-day table
    game: str  # the registry name of its game
    kind: Kind  # bulk: one file of many days; daily: a file a day; live: today's NYT page
    url: str  # `{date}` stands for the day of a daily source
    precedence: int  # of two sources giving the same day, the lower number wins
    first_date: dt.date | None  # the first day it has (None: a live page, today only)
    parser: str  # MODULE:FUNCTION of this package: function(text, date) -> records
    timing: str  # when it takes its copy of a day (words the NYT adds later may be missing)

    def url_for(self, date: dt.date) -> str:
        """Return the URL of a day's file of a daily source."""
        return self.url.format(date=date)

    def parse(self, text: str, date: dt.date | None = None) -> list[Any]:
        """Return the records of one body (a bulk source: (line number, record or ParseError)
        pairs); a body without the expected layout raises ParseError."""
        module, _, function = self.parser.partition(":")
        parse = getattr(importlib.import_module(f"pipeline.sources.{module}"), function)
        return list(parse(text, date))


ANSWER_SOURCES: tuple[AnswerSource, ...] = (
    AnswerSource(
        NYT_GAMEDATA,
        "spelling-bee",
        "daily",
        "https://raw.githubusercontent.com/tedmiston/spelling-bee-answers/main/days/{date}.json",
        1,
        dt.date(2023, 1, 1),
        "nyt_gamedata:parse",
        "the NYT page's gameData.yesterday, saved the next morning: the day's final list",
    ),
    AnswerSource(
        NYT_LIVE,
        "spelling-bee",
        "live",
        "https://www.nytimes.com/puzzles/spelling-bee",
        2,
        None,
        "nyt_live:parse_spelling_bee",
        "the live page when scraped: yesterday's final list, and today's as it stands",
    ),
    AnswerSource(
        BULK_ARCHIVE,
        "spelling-bee",
        "bulk",
        "https://raw.githubusercontent.com/jonb108/nytbee/main/cgi-bin/nyt_puzzles_plus.txt",
        3,
        dt.date(2018, 5, 9),
        "bulk_archive:parse",
        "gameData.today at 3 a.m. ET: a word the NYT adds later that day is missing",
    ),
    AnswerSource(
        NYTBEE,
        "spelling-bee",
        "daily",
        "https://nytbee.com/Bee_{date:%Y%m%d}.html",
        4,
        dt.date(2018, 5, 9),
        "nytbee:parse",
        "nytbee.com's page of the day, with the words it found not accepted",
    ),
    AnswerSource(
        SIMEYDK,
        "letter-boxed",
        "daily",
        "https://raw.githubusercontent.com/simeydk/letterboxed/main/data/letterboxed/{date}.json",
        1,
        dt.date(2022, 4, 24),
        "simeydk:parse",
        "the NYT page's gameData, from the last hourly scrape of the day",
    ),
    AnswerSource(
        NYT_LIVE,
        "letter-boxed",
        "live",
        "https://www.nytimes.com/puzzles/letter-boxed",
        2,
        None,
        "nyt_live:parse_letter_boxed",
        "the live page when scraped: today's board and list",
    ),
)


def sources_of(game: str) -> list[AnswerSource]:
    """Return a game's sources, best first (by precedence)."""
    return sorted((s for s in ANSWER_SOURCES if s.game == game), key=lambda s: s.precedence)


def answer_source(name: str, game: str | None = None) -> AnswerSource:
    """Return the source of that name (of that game, for a name two games share)."""
    found = [s for s in ANSWER_SOURCES if s.name == name and game in (None, s.game)]
    if len(found) != 1:
        raise KeyError(f"no single answer source named {name!r} for {game!r}")
    return found[0]


def live_source(game: str) -> AnswerSource:
    """Return a game's live NYT page."""
    return next(s for s in sources_of(game) if s.kind == "live")


def first_date(sources: Iterable[AnswerSource] = ANSWER_SOURCES) -> dt.date:
    """Return the first day any of the sources has."""
    return min(s.first_date for s in sources if s.first_date is not None)


def source_columns() -> dict[str, list]:
    """Return the registry as the columns of the `answer_sources` table."""
    return {
        "source": [s.name for s in ANSWER_SOURCES],
        "game": [s.game for s in ANSWER_SOURCES],
        "kind": [s.kind for s in ANSWER_SOURCES],
        "url": [s.url for s in ANSWER_SOURCES],
        "precedence": [s.precedence for s in ANSWER_SOURCES],
        "first_date": [s.first_date for s in ANSWER_SOURCES],
        "timing": [s.timing for s in ANSWER_SOURCES],
    }
