"""The live NYT puzzle pages, whose scripts assign today's puzzle to `window.gameData`: each game's
parser of its page is in its folder (`games/<game>/answer_sources/nyt_live.py`)."""

from __future__ import annotations

import json
import re

from pipeline.sources.game_data import json_object
from pipeline.sources.parsing import Html, parse_html
from pipeline.sources.records import ParseError

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
