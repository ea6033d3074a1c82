"""The game registry: everything the pipeline knows about each game, defined once."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from enum import StrEnum

from pipeline.errors import UserError


@dataclass(frozen=True)
class Game:
    """One NYT word game: its names, its word rule and where its data lives."""

    name: str  # the CLI argument and the value of every `game` column
    rules: str  # the solver module that states the game's rules (imported only when needed)
    official_answers: str  # what the NYT publishes that the dictionary is judged against
    past_answers: str  # what "a past answer" means for the game

    @property
    def min_length(self) -> int:
        """Return the shortest word the game accepts, as its solver module states it."""
        return int(importlib.import_module(self.rules).MIN_LENGTH)

    @property
    def title(self) -> str:
        """Return the game's name as people write it (`Spelling Bee`)."""
        return self.name.replace("-", " ").title()

    @property
    def slug(self) -> str:
        """Return the prefix of the game's archive tables and the stem of its files."""
        return self.name.replace("-", "_")

    @property
    def custom_file(self) -> str:
        """Return the file name of the game's custom word list."""
        return f"{self.slug}.txt"

    @property
    def maybe_file(self) -> str:
        """Return the file name of the game's maybe list (words, probabilities) beside the list."""
        return f"{self.slug}_maybe.tsv"

    def table(self, suffix: str) -> str:
        """Return the name of one of the game's archive tables (`spelling_bee_puzzles`)."""
        return f"{self.slug}_{suffix}"


SPELLING_BEE = Game(
    "spelling-bee", "solvers.spelling_bee", "the official answers", "every past official answer"
)
LETTER_BOXED = Game(
    "letter-boxed",
    "solvers.letter_boxed",
    "each day's NYT word list",
    "every word of a past NYT Letter Boxed list",
)
GAMES: tuple[Game, ...] = (SPELLING_BEE, LETTER_BOXED)

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
