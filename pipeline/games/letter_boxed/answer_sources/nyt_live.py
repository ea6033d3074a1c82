"""The live NYT Letter Boxed page: its `window.gameData` holds today's board and word list."""

from __future__ import annotations

import datetime

from pipeline.games.letter_boxed.answer_sources.game_data import box_from_game_data
from pipeline.games.letter_boxed.records import BoxRecord
from pipeline.sources.nyt_live import extract_game_data
from pipeline.sources.parsing import Html
from pipeline.sources.records import NYT_LIVE


def parse_nyt_live_letter_boxed(html: Html) -> BoxRecord:
    """Return the record of a live Letter Boxed page."""
    return box_from_game_data(extract_game_data(html), NYT_LIVE)


def parse_letter_boxed(html: Html, date: datetime.date | None = None) -> list[BoxRecord]:
    """Return today's record of the live page (the registry's parser)."""
    return [parse_nyt_live_letter_boxed(html)]
