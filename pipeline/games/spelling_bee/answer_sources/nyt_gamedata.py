"""tedmiston's Spelling Bee days: the NYT page's gameData.yesterday, saved the next morning."""

from __future__ import annotations

import datetime

from pipeline.games.spelling_bee.answer_sources import NYT_GAMEDATA
from pipeline.games.spelling_bee.answer_sources.game_data import bee_from_game_data
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.sources.game_data import load_json_object


def parse_nyt_gamedata_day(text: str | bytes) -> BeeRecord:
    """Return the record of a tedmiston day file (the NYT's gameData.yesterday)."""
    return bee_from_game_data(load_json_object(text), NYT_GAMEDATA)


def parse(text: str | bytes, date: datetime.date | None = None) -> list[BeeRecord]:
    """Return the record of a day file (the registry's parser)."""
    return [parse_nyt_gamedata_day(text)]
