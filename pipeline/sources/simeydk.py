"""simeydk's Letter Boxed days: the NYT page's gameData, from the last scrape of each day."""

from __future__ import annotations

import datetime

from pipeline.sources.game_data import box_from_game_data, load_json_object
from pipeline.sources.records import SIMEYDK, BoxRecord

SIMEYDK_URL = (
    "https://raw.githubusercontent.com/simeydk/letterboxed/main/data/letterboxed/{date}.json"
)
FIRST_DATE = datetime.date(2022, 4, 24)


def parse_letterboxed_day(text: str | bytes) -> BoxRecord:
    """Return the record of a simeydk day file (the NYT Letter Boxed page's gameData)."""
    return box_from_game_data(load_json_object(text), SIMEYDK)
