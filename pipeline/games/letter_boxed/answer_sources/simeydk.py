"""simeydk's Letter Boxed days: the NYT page's gameData, from the last scrape of each day."""

from __future__ import annotations

import datetime

from pipeline.games.letter_boxed.answer_sources import SIMEYDK
from pipeline.games.letter_boxed.answer_sources.game_data import box_from_game_data
from pipeline.games.letter_boxed.records import BoxRecord
from pipeline.sources.game_data import load_json_object


def parse_letterboxed_day(text: str | bytes) -> BoxRecord:
    """Return the record of a simeydk day file (the NYT Letter Boxed page's gameData)."""
    return box_from_game_data(load_json_object(text), SIMEYDK)


def parse(text: str | bytes, date: datetime.date | None = None) -> list[BoxRecord]:
    """Return the record of a day file (the registry's parser)."""
    return [parse_letterboxed_day(text)]
