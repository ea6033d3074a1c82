"""What playing every game shares (`pipeline serve`): the errors a player's request can meet, a
guessed word read, and a generated puzzle found by its id; each game's `play.py` reads and judges
its own puzzles, and the server's cache (`serve/puzzles.py`) reads each once and keeps it.

An id is a date (`2025-08-01`: the archived puzzle), `today` (the live NYT puzzle when online,
else the latest stored one) or a generated id (`g7-easy-3`: the third puzzle of
`pipeline generate GAME --seed 7 --difficulty easy`; `g7-easy-nyt-since2025-01-01-3` with
`--allow-nyt --since 2025-01-01`).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Protocol, TypeVar

from pipeline.errors import UserError
from pipeline.games.generated import Request, id_request
from solvers.masks import is_plain_word

if TYPE_CHECKING:
    from pipeline.games.game import Game
    from pipeline.model.clues import Clue
    from pipeline.sources.records import Record
    from pipeline.storage.warehouse import Connection

MAX_GENERATED_PLACE = 1000  # the furthest place in a draw an id may name
MAX_WORD_LENGTH = 40
START_LETTERS = 2  # a word's clue shows its length and its first two letters, never the word
SPACES = " \t\n\r"  # around a word, ignored
# What plain_word accepts, as the API's document says it (a JSON Schema pattern)
WORD_PATTERN = rf"^[ \t\n\r]*[A-Za-z]{{1,{MAX_WORD_LENGTH}}}[ \t\n\r]*$"

Puzzle = TypeVar("Puzzle")


class UnknownPuzzle(UserError):
    """No puzzle has this id (HTTP 404)."""


class BadGuess(UserError):
    """A guess or a chain that is not made of words (HTTP 400)."""


class PuzzleReader(Protocol):
    """What a game's play module asks of the server's puzzle cache (`serve/puzzles.Puzzles`)."""

    def cached(self, game: Game, puzzle_id: str, read: Callable[[str], Puzzle]) -> Puzzle:
        """Return a kept value, or read it once."""
        ...

    def prepare(self, work: Callable[[], object]) -> None:
        """Start work that keeps a value (`cached`) aside, for the requests that will need it."""
        ...

    def nyt_record(self, game: Game, puzzle_id: str) -> Record:
        """Return the NYT's puzzle of a date or `today`."""
        ...

    def connection(self) -> AbstractContextManager[Connection]:
        """Return a read-only connection to the warehouse."""
        ...

    def answer_clues(self, answers: Sequence[str]) -> dict[str, Clue | None]:
        """Return the clue of each of a puzzle's answers (None: WordNet gives it none)."""
        ...


def progress_id(puzzle_id: str, date: dt.date | None) -> str:
    """Return the id a player's progress in a puzzle is kept under: an NYT puzzle's date (so
    that `today` and its date are one game, whichever id it was opened by), else its id."""
    return date.isoformat() if date else puzzle_id


def word_clue(word: str, clue: Clue | None) -> dict:
    """Return what a player is shown of a word to find: its length, its first letters and its
    clue with an example sentence (None: no clue), never the word itself."""
    return {
        "length": len(word),
        "start": word[:START_LETTERS],
        "clue": clue.text if clue else None,
        "example": clue.example if clue else None,
    }


def clue_lines(shown: Sequence[dict]) -> list[str]:
    """Return clues as a player reads them in text (`today --clues`, `generate`), numbered:
    `1. BI..., 4 letters: CLUE`, and the example sentence, a second and stronger clue, below."""
    lines = []
    for number, clue in enumerate(shown, start=1):
        meaning = clue["clue"] or "(no clue: WordNet has none that hides the word)"
        start = clue["start"].upper()
        lines.append(f"  {number}. {start}..., {clue['length']} letters: {meaning}")
        if clue["example"]:
            lines.append(f"     example: {clue['example']}")
    return lines


def plain_word(word: object) -> str:
    """Return a guess as a lowercase word, or raise BadGuess when it is not one."""
    if not isinstance(word, str):
        raise BadGuess("a word is a string of letters a-z")
    stripped = word.strip(SPACES)
    lowered = stripped.lower()
    if not (stripped.isascii() and 0 < len(lowered) <= MAX_WORD_LENGTH and is_plain_word(lowered)):
        raise BadGuess(f"{word[:MAX_WORD_LENGTH]!r} is not a word: letters a-z only, at most 40")
    return lowered


def generated_request(match: re.Match[str]) -> Request:
    """Return the draw a generated id names (its place is the last puzzle of the draw)."""
    try:
        request = id_request(match)
    except ValueError as error:  # -since2025-02-30
        raise UnknownPuzzle(f"no generated puzzle {match[0]}: {error}") from None
    if not 1 <= request.count <= MAX_GENERATED_PLACE:
        raise UnknownPuzzle(f"a generated puzzle's place is 1 to {MAX_GENERATED_PLACE}")
    return request


def generated_record(records: list[dict], request: Request, puzzle_id: str) -> dict:
    """Return the record of a generated id from its draw."""
    if len(records) < request.count:
        raise UnknownPuzzle(
            f"no generated puzzle {puzzle_id}: the draw has only {len(records)} puzzles"
        )
    return records[request.count - 1]


def custom_words(game: Game) -> list[str]:
    """Return the custom list of a game as built."""
    from pipeline.storage import named_lists

    return named_lists.require_game_words(named_lists.file_word_list("custom", game), game).words
