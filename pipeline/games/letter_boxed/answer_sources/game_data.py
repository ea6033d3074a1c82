"""A Letter Boxed day of the NYT page's gameData, as simeydk saved it or the live page embeds it."""

from __future__ import annotations

from pipeline.games.letter_boxed.records import BoxRecord
from pipeline.sources.game_data import (
    json_object,
    optional_int,
    optional_words,
    print_date,
    words_field,
)
from pipeline.sources.records import ParseError


def box_from_game_data(data: object, source: str) -> BoxRecord:
    """Return the record of one Letter Boxed gameData object."""
    game = json_object(data, "gameData")
    sides = words_field(game, "sides")
    if len(sides) != 4:
        raise ParseError(f"expected 4 sides, got {len(sides)}")
    dictionary = optional_words(game, "dictionary")
    return BoxRecord(
        date=print_date(game),
        sides=(sides[0], sides[1], sides[2], sides[3]),
        nyt_solution=words_field(game, "ourSolution"),
        par=optional_int(game, "par"),
        nyt_id=optional_int(game, "id"),
        dictionary=None if dictionary is None else tuple(sorted(dictionary)),
        yesterdays_sides=optional_words(game, "yesterdaysSides"),
        yesterdays_solution=optional_words(game, "yesterdaysSolution"),
        source=source,
    )
