"""A Spelling Bee day of the NYT page's gameData, as tedmiston saved it or the live page embeds it."""

from __future__ import annotations

from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.sources.game_data import (
    json_object,
    print_date,
    text_field,
    words_field,
)
from pipeline.sources.records import ParseError


def bee_from_game_data(data: object, source: str) -> BeeRecord:
    """Return the record of one Spelling Bee gameData day object."""
    game = json_object(data, "the day")
    center = text_field(game, "centerLetter").lower()
    outer = words_field(game, "outerLetters")
    if sorted(words_field(game, "validLetters")) != sorted([center, *outer]):
        raise ParseError("validLetters disagree with centerLetter and outerLetters")
    return BeeRecord(
        date=print_date(game),
        center=center,
        others="".join(sorted(outer)),
        answers=tuple(sorted(words_field(game, "answers"))),
        pangrams=tuple(sorted(words_field(game, "pangrams"))),
        source=source,
    )
