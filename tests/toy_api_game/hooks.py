"""The toy game's one hook: its API, declared as the real games declare theirs."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from pipeline.games.api import Call, GameApi, Operation
from pipeline.games.hooks import GameHooks
from pipeline.games.play import PuzzleReader, UnknownPuzzle, plain_word
from pipeline.storage.player_progress import PuzzleFacts, PuzzleKey

NAME = "toy-words"
PUZZLES = {"1": "cab", "2": "dog"}


@dataclass(frozen=True)
class ToyPuzzle:
    id: str
    letters: str


def read(_: PuzzleReader, puzzle_id: str) -> ToyPuzzle:
    if puzzle_id not in PUZZLES:
        raise UnknownPuzzle(f"no toy puzzle {puzzle_id!r}")
    return ToyPuzzle(puzzle_id, PUZZLES[puzzle_id])


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
    found = set(word) <= set(call.puzzle.letters) and call.add_word(word, len(word))
    return {"word": word, "found": found, "words": call.progress().found}


API = GameApi(
    read=read,
    kept=lambda _, __: None,
    key=lambda puzzle: PuzzleKey(NAME, puzzle.id, puzzle.letters),
    facts=lambda puzzle: PuzzleFacts(None),
    operations=(
        Operation("GET", "", "A toy puzzle", lambda call: vars(call.puzzle), PuzzleAnswer),
        Operation("POST", "/guess", "Find a word", guess, GuessAnswer, "write", body=Word),
    ),
    statistics=("puzzles", "words", "points"),
)


class ToyHooks(GameHooks):
    def api(self) -> GameApi:
        return API


HOOKS = ToyHooks()
