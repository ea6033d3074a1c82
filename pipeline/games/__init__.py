"""The game registry: every game the pipeline knows, defined once (see `games/game.py`).

Import-light: each game's package (`games/<slug>/`: its hooks, generator and play) loads only when
a stage calls it.
"""

from __future__ import annotations

import importlib
from enum import StrEnum

from pipeline import config
from pipeline.errors import UserError
from pipeline.games.game import Game

SPELLING_BEE = Game(
    name="spelling-bee",
    rules="solvers.spelling_bee",
    package="pipeline.games.spelling_bee",
    official_answers="the official answers",
    past_answers="every past official answer",
)
LETTER_BOXED = Game(
    name="letter-boxed",
    rules="solvers.letter_boxed",
    package="pipeline.games.letter_boxed",
    official_answers="each day's NYT word list",
    past_answers="every word of a past NYT Letter Boxed list",
    ranks_by_commonness=True,  # the best solution with the commonest words leads
)


def added_games() -> tuple[Game, ...]:
    """Return the games `PIPELINE_GAMES` adds (each package's registry entry `GAME`); a package
    that cannot be imported, or names no game, is a UserError."""
    added = []
    for package in config.added_game_packages():
        try:
            game = importlib.import_module(package).GAME
        except (ImportError, AttributeError) as error:
            raise UserError(
                f"PIPELINE_GAMES names {package!r}, no game's package: {error}"
            ) from None
        if not isinstance(game, Game):
            raise UserError(f"PIPELINE_GAMES: {package}.GAME is not a Game")
        added.append(game)
    return tuple(added)


GAMES: tuple[Game, ...] = (SPELLING_BEE, LETTER_BOXED, *added_games())

GameName = StrEnum("GameName", {game.slug: game.name for game in GAMES})  # type: ignore[misc]
"""The games as a choice of the command line."""


def game_named(name: str) -> Game:
    """Return the game of that name (`spelling-bee`); an unknown name is a UserError."""
    for game in GAMES:
        if game.name == name:
            return game
    raise UserError(f"unknown game {name!r}: use one of {', '.join(g.name for g in GAMES)}")


def games_named(name: str | None) -> tuple[Game, ...]:
    """Return the game a command-line argument names, or every game when it names none."""
    return GAMES if name is None else (game_named(str(name)),)
