"""The live NYT puzzle pages, whose scripts assign today's puzzle to `window.gameData`."""

from __future__ import annotations

import datetime
import json
import re

from pipeline.games.letter_boxed.records import BoxRecord
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.sources.game_data import (
    bee_from_game_data,
    box_from_game_data,
    json_object,
    required_field,
)
from pipeline.sources.parsing import Html, parse_html
from pipeline.sources.records import NYT_LIVE, ParseError

GAME_DATA_ASSIGNMENT = re.compile(r"window\.gameData\s*=(?!=)\s*")  # not == or ===


def extract_game_data(html: Html) -> dict:
    """Return the object a live NYT page assigns to `window.gameData` in one of its scripts."""
    for script in parse_html(html).find_all("script"):
        code = script.get_text()
        assignment = GAME_DATA_ASSIGNMENT.search(code)
        if assignment is None:
            continue
        try:
            data, _end = json.JSONDecoder().raw_decode(code, assignment.end())
        except json.JSONDecodeError as error:
            raise ParseError(f"window.gameData is not valid JSON: {error}") from None
        return json_object(data, "window.gameData")
    raise ParseError("no <script> assigns window.gameData")


def parse_nyt_live_spelling_bee(html: Html) -> list[BeeRecord]:
    """Return the records of a live Spelling Bee page: yesterday's, then today's."""
    data = extract_game_data(html)
    return [
        bee_from_game_data(required_field(data, day), NYT_LIVE) for day in ("yesterday", "today")
    ]


def parse_nyt_live_letter_boxed(html: Html) -> BoxRecord:
    """Return the record of a live Letter Boxed page."""
    return box_from_game_data(extract_game_data(html), NYT_LIVE)


def parse_spelling_bee(html: Html, date: datetime.date | None = None) -> list[BeeRecord]:
    """Return yesterday's and today's records of the live page (the registry's parser)."""
    return parse_nyt_live_spelling_bee(html)


def parse_letter_boxed(html: Html, date: datetime.date | None = None) -> list[BoxRecord]:
    """Return today's record of the live page (the registry's parser)."""
    return [parse_nyt_live_letter_boxed(html)]
