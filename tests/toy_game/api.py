"""The toy game's API, declared as the real games declare theirs: a puzzle by its date, and a
guess found when the rules allow the word."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from pydantic import BaseModel

from pipeline.games.api import Call, GameApi, Operation
from pipeline.games.play import PuzzleReader, UnknownPuzzle, plain_word
from pipeline.storage.player_progress import PuzzleFacts, PuzzleKey
from tests.toy_game import GAME
from tests.toy_game.archive import PUZZLES
from tests.toy_game.rules import allows


@dataclass(frozen=True)
class ToyPuzzle:
    id: str
    letters: str


def read(_: PuzzleReader, puzzle_id: str) -> ToyPuzzle:
    try:
        letters, _answers = PUZZLES[dt.date.fromisoformat(puzzle_id)]
    except (ValueError, KeyError):
        raise UnknownPuzzle(f"no toy puzzle {puzzle_id!r}") from None
    return ToyPuzzle(puzzle_id, letters)


class PuzzleAnswer(BaseModel):
    id: str
    letters: str


class Word(BaseModel):
    word: str


class GuessAnswer(BaseModel):
    word: str
    found: bool
    words: list[str]


def guess(call: Call) -> dict:
    word = plain_word(call.body.word)
    found = allows(call.puzzle.letters, word) and call.add_word(word, len(word))
    return {"word": word, "found": found, "words": call.progress().found}


API = GameApi(
    read=read,
    key=lambda puzzle: PuzzleKey(GAME.name, puzzle.id, puzzle.letters),
    facts=lambda puzzle: PuzzleFacts(None),
    operations=(
        Operation("GET", "", "A toy puzzle", lambda call: vars(call.puzzle), PuzzleAnswer),
        Operation("POST", "/guess", "Find a word", guess, GuessAnswer, "write", body=Word),
    ),
    statistics=("puzzles", "words", "points"),
)
