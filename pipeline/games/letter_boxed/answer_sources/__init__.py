"""Letter Boxed's answer sources (its `answer_sources` role: `pipeline.sources.answer_sources()`
gathers every registered game's), best first, and their parsers (the modules of this package).
Adding a source is one entry here and its parser."""

from __future__ import annotations

import datetime as dt

from pipeline.games import LETTER_BOXED
from pipeline.sources import AnswerSource
from pipeline.sources.records import NYT_LIVE

PACKAGE = __name__  # each parser: MODULE:FUNCTION of this package

# Where a Letter Boxed record came from (NYT_LIVE too).
SIMEYDK = "simeydk"  # simeydk: the NYT page's gameData, last scrape of the day

ANSWER_SOURCES: tuple[AnswerSource, ...] = (
    AnswerSource(
        SIMEYDK,
        LETTER_BOXED.name,
        "daily",
        "https://raw.githubusercontent.com/simeydk/letterboxed/main/data/letterboxed/{date}.json",
        1,
        dt.date(2022, 4, 24),
        f"{PACKAGE}.simeydk:parse",
        "the NYT page's gameData, from the last hourly scrape of the day",
    ),
    AnswerSource(
        NYT_LIVE,
        LETTER_BOXED.name,
        "live",
        "https://www.nytimes.com/puzzles/letter-boxed",
        2,
        None,
        f"{PACKAGE}.nyt_live:parse_letter_boxed",
        "the live page when scraped: today's board and list",
    ),
)
