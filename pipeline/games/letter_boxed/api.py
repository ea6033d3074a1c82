"""Letter Boxed's part of the API of `pipeline serve` (`/api/letter-boxed/{puzzle_id}...`): the
board (the same for everyone), a player's chain, a chain checked (and kept when valid), the
clues of a best solution's words, the reveal of a best solution and a restart, over `play.py`."""

from __future__ import annotations

from pydantic import BaseModel, Field

from pipeline.games.api import FOUND_BY, Call, GameApi, Operation, WordClue, puzzle_routes
from pipeline.games.letter_boxed import play
from pipeline.games.play import WORD_PATTERN


class ChainBody(BaseModel):
    """A Letter Boxed chain of words, in the order played."""

    words: list[str] = Field(
        examples=[["blacksmith", "hijack"]],
        json_schema_extra={
            "items": {"type": "string", "pattern": WORD_PATTERN},
            "maxItems": play.MAX_CHAIN_WORDS,
        },
    )


class BoardAnswer(BaseModel):
    """A board as every player sees it."""

    id: str
    game: str
    date: str | None
    sides: list[str]
    par: int | None
    judged_by: str


class ProgressAnswer(BaseModel):
    """A player's chain on a board."""

    id: str
    chain: list[str]
    letters_left: list[str]
    solved: bool
    revealed: bool
    found_by: dict[str, str] = FOUND_BY


class Problem(BaseModel):
    """The first rule a chain breaks, with its word."""

    index: int
    word: str
    reason: str


class CheckAnswer(BaseModel):
    """Whether a chain follows the rules and solves the board."""

    words: list[str]
    valid: bool
    problem: Problem | None
    letters_left: list[str]
    solved: bool
    word_count: int
    par: int | None


class SolutionWordClue(WordClue):
    """A word of the best solution as a clue shows it, and whether the player's chain holds it."""

    found: bool


class CluesAnswer(BaseModel):
    """A clue for each word of the best solution the reveal shows, in its order (no word)."""

    clues: list[SolutionWordClue]


class RevealAnswer(BaseModel):
    """A best solution (fewest words, then letters, then the commonest rarest word)."""

    solution: list[str]
    par: int | None


board, progress, restart = puzzle_routes(play.board_state, play.progress_state)


def check(call: Call) -> dict:
    """Check a chain; keep it when it is valid, with whether it solves the board."""
    checked = play.check_chain(call.puzzle, call.body.words)
    if checked["valid"]:
        call.replace_chain(checked["words"], checked["solved"])
    return checked


def clues(call: Call) -> dict:
    return play.solution_clues(play.clues(call.puzzles, call.puzzle), call.progress().found)


def reveal(call: Call) -> dict:
    call.reveal()
    return {"solution": list(play.solution(call.puzzles, call.puzzle)), "par": call.puzzle.par}


API = GameApi(
    read=play.read,
    prepare=play.clues,
    key=lambda board: board.key,
    facts=play.facts,
    operations=(
        Operation("GET", "", "A Letter Boxed board: sides and par", board, BoardAnswer),
        Operation("GET", "/progress", "The player's chain and the letters it leaves", progress,
                  ProgressAnswer, "read", versioned=True),
        Operation("POST", "/check", "Check a chain of words (a valid one is kept)", check,
                  CheckAnswer, "write", body=ChainBody,
                  bad_input="a word that is not letters a-z (at most 40), or over 20 words"),
        Operation("GET", "/clues", "Clues to the words of a best solution (never the words)",
                  clues, CluesAnswer, "read"),
        Operation("POST", "/reveal", "Reveal a best solution (the reveal is kept)", reveal,
                  RevealAnswer, "write"),
        Operation("POST", "/restart", "Start the board again: forget the chain", restart,
                  ProgressAnswer, "write"),
    ),
    statistics=("puzzles", "words", "solved", "solved_within_par", "current_streak",
                "longest_streak"),
)  # fmt: skip
