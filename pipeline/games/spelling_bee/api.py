"""Spelling Bee's part of the API of `pipeline serve` (`/api/spelling-bee/{puzzle_id}...`): the
puzzle (the same for everyone), a player's progress, a guess, the hints, the clues of the words
left, the reveal and a restart, over `play.py`."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from pipeline.games.api import FOUND_BY, Call, GameApi, Operation, WordClue, puzzle_routes
from pipeline.games.play import WORD_PATTERN, plain_word
from pipeline.games.spelling_bee import play

Verdict = Literal[
    "accepted",
    "already-found",
    "maybe",
    "not-in-list",
    "too-short",
    "missing-center",
    "bad-letters",
]


class GuessBody(BaseModel):
    """A Spelling Bee guess."""

    word: str = Field(examples=["climbed"], json_schema_extra={"pattern": WORD_PATTERN})


class PuzzleAnswer(BaseModel):
    """A puzzle as every player sees it: its letters and counts, no answer."""

    id: str
    game: str
    date: str | None
    center: str
    others: str
    words: int
    points: int
    pangrams: int
    ranks: dict[str, int] = Field(description="each rank's name and the points it needs")
    judged_by: str


class ProgressAnswer(BaseModel):
    """A player's progress in a puzzle."""

    id: str
    found: list[str]
    score: int
    rank: str
    revealed: bool
    found_by: dict[str, str] = FOUND_BY


class GuessAnswer(BaseModel):
    """The verdict on a guess, and the score after it."""

    word: str
    verdict: Verdict
    points: int
    pangram: bool
    score: int
    rank: str


class HintsAnswer(BaseModel):
    """The hints of the answers not found yet."""

    words_left: int
    points_left: int
    pangrams_left: int
    lengths: list[int]
    grid: dict[str, dict[str, int]] = Field(description="first letter: {length: count}")
    two_letters: dict[str, int]


class CluesAnswer(BaseModel):
    """The clues of the words not found yet, without the words."""

    words_left: int = Field(description="every word not found yet, with a clue or without")
    clues: list[WordClue] = Field(
        description="each word left that has a clue, by its first two letters, then length"
    )


class RevealAnswer(BaseModel):
    """Every answer (pangrams first, then longest), and the maybe-tier words."""

    answers: list[str]
    pangrams: list[str]
    maybe: list[str]


puzzle, progress, restart = puzzle_routes(play.puzzle_state, play.progress_state)


def guess(call: Call) -> dict:
    """Judge a guess and keep it when it is accepted (once)."""
    bee = call.puzzle
    judged = play.judge_guess(bee, plain_word(call.body.word))
    verdict = judged.verdict
    if verdict == "accepted" and not call.add_word(judged.word, judged.points):
        verdict = "already-found"
    kept = call.progress()
    unscored = [found.word for found in kept.words if found.points is None]
    if unscored:  # kept before players: the statistics need their points
        call.fill_points({word: play.judge_guess(bee, word).points for word in unscored})
    score = play.score_of(bee, kept.found)
    return {
        "word": judged.word,
        "verdict": verdict,
        "points": judged.points if verdict == "accepted" else 0,
        "pangram": judged.pangram,
        "score": score,
        "rank": play.rank_of(bee, score),
    }


def hints(call: Call) -> dict:
    """Return the hints of the answers the player (or their room) has not kept: words said
    without being kept count for nothing, so the hints tell no one which words are answers."""
    return play.hints(call.puzzle, call.progress().found)


def clues(call: Call) -> dict:
    return play.clues_left(
        call.puzzle, play.clues(call.puzzles, call.puzzle), call.progress().found
    )


def reveal(call: Call) -> dict:
    call.reveal()
    return play.answers(call.puzzle)


NOT_A_WORD = "a word that is not letters a-z (at most 40)"

API = GameApi(
    read=play.read,
    prepare=play.clues,
    key=lambda bee: bee.key,
    facts=play.facts,
    operations=(
        Operation("GET", "", "A Spelling Bee puzzle: letters, counts and ranks, no answer",
                  puzzle, PuzzleAnswer),
        Operation("GET", "/progress", "The player's words found, score, rank", progress,
                  ProgressAnswer, "read", versioned=True),
        Operation("POST", "/guess", "Judge one guess (an accepted word is kept)", guess,
                  GuessAnswer, "write", body=GuessBody, bad_input=NOT_A_WORD),
        Operation("GET", "/hints", "Hints for the words not yet found (those kept)", hints,
                  HintsAnswer, "read"),
        Operation("GET", "/clues", "Clues to the words not yet found (never the words)", clues,
                  CluesAnswer, "read"),
        Operation("POST", "/reveal", "Reveal every answer (the reveal is kept)", reveal,
                  RevealAnswer, "write"),
        Operation("POST", "/restart", "Start the puzzle again: forget the words found",
                  restart, ProgressAnswer, "write"),
    ),
    statistics=("puzzles", "words", "points", "genius", "queen_bee", "current_streak",
                "longest_streak"),
)  # fmt: skip
