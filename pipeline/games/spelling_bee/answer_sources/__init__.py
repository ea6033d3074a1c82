"""Spelling Bee's answer sources (its `answer_sources` role: `pipeline.sources.answer_sources()`
gathers every registered game's), best first, and their parsers (the modules of this package).
Adding a source is one entry here and its parser."""

from __future__ import annotations

import datetime as dt

from pipeline.games import SPELLING_BEE
from pipeline.sources import AnswerSource
from pipeline.sources.records import NYT_LIVE

PACKAGE = __name__  # each parser: MODULE:FUNCTION of this package

# Where a Spelling Bee record came from (NYT_LIVE too).
NYT_GAMEDATA = "nyt_gamedata"  # tedmiston: the NYT page's gameData.yesterday, saved next morning
BULK_ARCHIVE = "bulk_archive"  # jonb108: one line per day, taken from gameData.today at 3 a.m.
NYTBEE = "nytbee"  # a nytbee.com daily page

ANSWER_SOURCES: tuple[AnswerSource, ...] = (
    AnswerSource(
        NYT_GAMEDATA,
        SPELLING_BEE.name,
        "daily",
        "https://raw.githubusercontent.com/tedmiston/spelling-bee-answers/main/days/{date}.json",
        1,
        dt.date(2023, 1, 1),
        f"{PACKAGE}.nyt_gamedata:parse",
        "the NYT page's gameData.yesterday, saved the next morning: the day's final list",
    ),
    AnswerSource(
        NYT_LIVE,
        SPELLING_BEE.name,
        "live",
        "https://www.nytimes.com/puzzles/spelling-bee",
        2,
        None,
        f"{PACKAGE}.nyt_live:parse_spelling_bee",
        "the live page when scraped: yesterday's final list, and today's as it stands",
    ),
    AnswerSource(
        BULK_ARCHIVE,
        SPELLING_BEE.name,
        "bulk",
        "https://raw.githubusercontent.com/jonb108/nytbee/main/cgi-bin/nyt_puzzles_plus.txt",
        3,
        dt.date(2018, 5, 9),
        f"{PACKAGE}.bulk_archive:parse",
        "gameData.today at 3 a.m. ET: a word the NYT adds later that day is missing",
    ),
    AnswerSource(
        NYTBEE,
        SPELLING_BEE.name,
        "daily",
        "https://nytbee.com/Bee_{date:%Y%m%d}.html",
        4,
        dt.date(2018, 5, 9),
        f"{PACKAGE}.nytbee:parse",
        "nytbee.com's page of the day, with the words it found not accepted",
    ),
)
