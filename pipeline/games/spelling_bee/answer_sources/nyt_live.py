"""The live NYT Spelling Bee page: its `window.gameData` holds yesterday's and today's puzzles."""

from __future__ import annotations

import datetime

from pipeline.games.spelling_bee.answer_sources.game_data import bee_from_game_data
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.sources.game_data import required_field
from pipeline.sources.nyt_live import extract_game_data
from pipeline.sources.parsing import Html
from pipeline.sources.records import NYT_LIVE


def parse_nyt_live_spelling_bee(html: Html) -> list[BeeRecord]:
    """Return the records of a live Spelling Bee page: yesterday's, then today's."""
    data = extract_game_data(html)
    return [
        bee_from_game_data(required_field(data, day), NYT_LIVE) for day in ("yesterday", "today")
    ]


def parse_spelling_bee(html: Html, date: datetime.date | None = None) -> list[BeeRecord]:
    """Return yesterday's and today's records of the live page (the registry's parser)."""
    return parse_nyt_live_spelling_bee(html)
