"""The NYT pages' gameData objects, as the archives saved them or the live pages embed them: the
JSON and field readers every game's gameData parser uses (`games/<game>/answer_sources/`)."""

from __future__ import annotations

import datetime
import json

from pipeline.sources.parsing import parse_date
from pipeline.sources.records import ParseError, Word


def load_json_object(text: str | bytes) -> dict:
    """Return the JSON object a text holds."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ParseError(f"not valid JSON: {error}") from None
    return json_object(data, "the JSON document")


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


def text_field(data: dict, key: str) -> str:
    """Return a required string field."""
    value = required_field(data, key)
    if not isinstance(value, str):
        raise ParseError(f"{key} is not a string")
    return value


def words_field(data: dict, key: str) -> tuple[Word, ...]:
    """Return a required list of strings, lowercased, in the given order."""
    value = required_field(data, key)
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ParseError(f"{key} is not a list of strings")
    return tuple(item.lower() for item in value)


def optional_words(data: dict, key: str) -> tuple[Word, ...] | None:
    """Return a list of strings, lowercased, or None when the key is missing or null."""
    return None if data.get(key) is None else words_field(data, key)


def optional_int(data: dict, key: str) -> int | None:
    """Return an integer field, or None when the key is missing or null."""
    value = data.get(key)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise ParseError(f"{key} is not an integer")
    return value


def print_date(data: dict) -> datetime.date:
    """Return the printDate of a gameData object."""
    return parse_date(text_field(data, "printDate"), "%Y-%m-%d")
