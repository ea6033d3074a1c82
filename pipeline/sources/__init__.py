"""The answer sources: every place the official answers come from, each game's registered once in
its own folder (`games/<game>/answer_sources/`, gathered here by `answer_sources()`).

One entry per (source, game): its URL (`{date}` for a file a day), its first date, its
precedence when two sources give the same day (the merge SQL reads it from the `answer_sources`
table), when it takes its copy of the day, and its parser (a module of its game's
`answer_sources` package, imported when a body is parsed). Each parser raises ParseError, with a
one-line reason, when its input does not have the expected layout; parsers check the shape of a
source, the games (`pipeline/games/`) check the puzzle rules. This package keeps what every
game's parsers share. Adding a source is one entry in its game's list and its parser.
"""

from __future__ import annotations

import datetime as dt
import importlib
import importlib.util
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

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
    parser: str  # MODULE:FUNCTION (dotted, in its game's folder): function(text, date) -> records
    timing: str  # when it takes its copy of a day (words the NYT adds later may be missing)

    def url_for(self, date: dt.date) -> str:
        """Return the URL of a day's file of a daily source."""
        return self.url.format(date=date)

    def parse(self, text: str, date: dt.date | None = None) -> list[Any]:
        """Return the records of one body (a bulk source: (line number, record or ParseError)
        pairs); a body without the expected layout raises ParseError."""
        module, _, function = self.parser.partition(":")
        parse = getattr(importlib.import_module(module), function)
        return list(parse(text, date))


ROLE = "answer_sources"  # the module of a game's package that lists its sources: ANSWER_SOURCES


@cache
def answer_sources() -> tuple[AnswerSource, ...]:
    """Return every registered game's answer sources, game by game in the registry's order (each
    game's `answer_sources` module; a game without one has none)."""
    from pipeline.games import GAMES  # the registry: deferred, as reading it imports added games

    found: list[AnswerSource] = []
    for game in GAMES:
        if importlib.util.find_spec(game.module(ROLE)) is not None:
            found += importlib.import_module(game.module(ROLE)).ANSWER_SOURCES
    return tuple(found)


def sources_of(game: str) -> list[AnswerSource]:
    """Return a game's sources, best first (by precedence)."""
    return sorted((s for s in answer_sources() if s.game == game), key=lambda s: s.precedence)


def answer_source(name: str, game: str | None = None) -> AnswerSource:
    """Return the source of that name (of that game, for a name two games share)."""
    found = [s for s in answer_sources() if s.name == name and game in (None, s.game)]
    if len(found) != 1:
        raise KeyError(f"no single answer source named {name!r} for {game!r}")
    return found[0]


def live_source(game: str) -> AnswerSource:
    """Return a game's live NYT page."""
    return next(s for s in sources_of(game) if s.kind == "live")


def first_date(sources: Iterable[AnswerSource] | None = None) -> dt.date:
    """Return the first day any of the sources (every game's when None) has."""
    sources = answer_sources() if sources is None else sources
    return min(s.first_date for s in sources if s.first_date is not None)


def source_columns() -> dict[str, list]:
    """Return the registry as the columns of the `answer_sources` table."""
    sources = answer_sources()
    return {
        "source": [s.name for s in sources],
        "game": [s.game for s in sources],
        "kind": [s.kind for s in sources],
        "url": [s.url for s in sources],
        "precedence": [s.precedence for s in sources],
        "first_date": [s.first_date for s in sources],
        "timing": [s.timing for s in sources],
    }
