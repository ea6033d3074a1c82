"""The NYT pages' gameData objects, as tedmiston and simeydk saved them or the live pages embed them."""

from __future__ import annotations

import datetime
import json

from pipeline.games.letter_boxed.records import BoxRecord
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.sources.parsing import parse_date
from pipeline.sources.records import ParseError, Word


def load_json_object(text: str | bytes) -> dict:
    """Return the JSON object a text holds."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ParseError(f"not valid JSON: {error}") from None
    return json_object(data, "the JSON document")


def bee_from_game_data(data: object, source: str) -> BeeRecord:
    """Return the record of one Spelling Bee gameData day object."""
    game = json_object(data, "the day")
    center = _text(game, "centerLetter").lower()
    outer = _words(game, "outerLetters")
    if sorted(_words(game, "validLetters")) != sorted([center, *outer]):
        raise ParseError("validLetters disagree with centerLetter and outerLetters")
    return BeeRecord(
        date=_print_date(game),
        center=center,
        others="".join(sorted(outer)),
        answers=tuple(sorted(_words(game, "answers"))),
        pangrams=tuple(sorted(_words(game, "pangrams"))),
        source=source,
    )


def box_from_game_data(data: object, source: str) -> BoxRecord:
    """Return the record of one Letter Boxed gameData object."""
    game = json_object(data, "gameData")
    sides = _words(game, "sides")
    if len(sides) != 4:
        raise ParseError(f"expected 4 sides, got {len(sides)}")
    dictionary = _optional_words(game, "dictionary")
    return BoxRecord(
        date=_print_date(game),
        sides=(sides[0], sides[1], sides[2], sides[3]),
        nyt_solution=_words(game, "ourSolution"),
        par=_optional_int(game, "par"),
        nyt_id=_optional_int(game, "id"),
        dictionary=None if dictionary is None else tuple(sorted(dictionary)),
        yesterdays_sides=_optional_words(game, "yesterdaysSides"),
        yesterdays_solution=_optional_words(game, "yesterdaysSolution"),
        source=source,
    )


def json_object(data: object, what: str) -> dict:
    """Return data when it is a JSON object."""
    if not isinstance(data, dict):
        raise ParseError(f"{what} is not a JSON object")
    return data


def required_field(data: dict, key: str) -> object:
    """Return a required field."""
    if key not in data:
        raise ParseError(f"missing key {key!r}")
    return data[key]


def _text(data: dict, key: str) -> str:
    """Return a required string field."""
    value = required_field(data, key)
    if not isinstance(value, str):
        raise ParseError(f"{key} is not a string")
    return value


def _words(data: dict, key: str) -> tuple[Word, ...]:
    """Return a required list of strings, lowercased, in the given order."""
    value = required_field(data, key)
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ParseError(f"{key} is not a list of strings")
    return tuple(item.lower() for item in value)


def _optional_words(data: dict, key: str) -> tuple[Word, ...] | None:
    """Return a list of strings, lowercased, or None when the key is missing or null."""
    return None if data.get(key) is None else _words(data, key)


def _optional_int(data: dict, key: str) -> int | None:
    """Return an integer field, or None when the key is missing or null."""
    value = data.get(key)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise ParseError(f"{key} is not an integer")
    return value


def _print_date(data: dict) -> datetime.date:
    """Return the printDate of a gameData object."""
    return parse_date(_text(data, "printDate"), "%Y-%m-%d")
