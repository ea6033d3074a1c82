"""Playing a Letter Boxed board (`pipeline serve`): read it by its id, check a chain of words
against the rules, reveal a best solution.

An NYT board is judged by the NYT's word list of the day when it is stored, else by the custom
list; a generated board by the custom list.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pipeline.games import LETTER_BOXED
from pipeline.games.generated import GENERATED_ID
from pipeline.games.letter_boxed.records import BoxRecord
from pipeline.games.play import (
    BadGuess,
    PuzzleReader,
    custom_words,
    generated_request,
    plain_word,
    progress_id,
    word_clue,
)
from pipeline.storage.player_progress import PuzzleFacts, PuzzleKey

if TYPE_CHECKING:  # the solver loads with the first board read
    from solvers.letter_boxed import Board

MAX_CHAIN_WORDS = 20


@dataclass(frozen=True)
class BoxPuzzle:
    """A Letter Boxed board to play: its sides, par and the words that count."""

    id: str
    date: dt.date | None
    board: Board
    par: int | None
    words: frozenset[str]
    judged_by: str

    @property
    def key(self) -> PuzzleKey:
        """Return what the player's chain on this board is kept under."""
        return PuzzleKey(
            LETTER_BOXED.name, progress_id(self.id, self.date), "".join(self.board.sides)
        )


# ------------------------------------------------------------------ reading boards


def read(puzzles: PuzzleReader, puzzle_id: str) -> BoxPuzzle:
    """Read the board of an id: a generated one, or the NYT's of a date or `today`."""
    from solvers import letter_boxed as lb

    generated = GENERATED_ID.fullmatch(puzzle_id)
    if generated:
        return read_generated(puzzles, puzzle_id, generated)
    record = puzzles.nyt_record(LETTER_BOXED, puzzle_id)
    assert isinstance(record, BoxRecord)
    board = lb.parse_board(record.sides)
    if record.dictionary:
        words, judged_by = frozenset(record.dictionary), "the NYT's word list of the day"
    else:
        words, judged_by = custom_board_words(board), "the custom list"
    return BoxPuzzle(puzzle_id, record.date, board, record.par, words, judged_by)


def read_generated(puzzles: PuzzleReader, puzzle_id: str, match: re.Match[str]) -> BoxPuzzle:
    """Make the generated board of an id (its block of the draw alone)."""
    from pipeline.games.letter_boxed.generate import generate_last  # numpy: only when asked
    from pipeline.storage.named_lists import zipf_lookup
    from solvers import letter_boxed as lb

    request = generated_request(match)
    custom = custom_words(LETTER_BOXED)
    with puzzles.connection() as con:
        record = generate_last(con, custom, zipf_lookup(LETTER_BOXED), request)
    board = lb.parse_board(record["sides"])
    return BoxPuzzle(
        puzzle_id,
        None,
        board,
        record["par"],
        frozenset(lb.playable_words(board, custom)),
        "the custom list",
    )


def custom_board_words(board: Board) -> frozenset[str]:
    """Return the words of the custom list a board allows."""
    from solvers import letter_boxed as lb

    return frozenset(lb.playable_words(board, custom_words(LETTER_BOXED)))


def solution(puzzles: PuzzleReader, puzzle: BoxPuzzle) -> tuple[str, ...]:
    """Return a best solution of a board with its words, solved once."""
    return puzzles.cached(
        LETTER_BOXED,
        f"{puzzle.id}/solution/{puzzle.key.letters}",
        lambda _: best_solution(puzzle),
    )


def clues(puzzles: PuzzleReader, puzzle: BoxPuzzle) -> tuple[tuple[str, dict], ...]:
    """Return each word of the best solution (`solution`), in its order, with what a player is
    shown of it (its clue), worked out once per process."""

    def read(_: str) -> tuple[tuple[str, dict], ...]:
        words = solution(puzzles, puzzle)
        found = puzzles.answer_clues(words)
        return tuple((word, word_clue(word, found[word])) for word in words)

    return puzzles.cached(LETTER_BOXED, f"{puzzle.id}/clues/{puzzle.key.letters}", read)


def solution_clues(clues: tuple[tuple[str, dict], ...], chain: list[str]) -> dict:
    """Return the clue of each word of the best solution, each marked when the player's chain
    holds that word already."""
    played = set(chain)
    return {"clues": [{**shown, "found": word in played} for word, shown in clues]}


# ------------------------------------------------------------------ playing


def board_state(puzzle: BoxPuzzle) -> dict:
    """Return what the page shows of a board, the same for every player: sides and par."""
    return {
        "id": puzzle.id,
        "game": LETTER_BOXED.name,
        "date": puzzle.date.isoformat() if puzzle.date else None,
        "sides": list(puzzle.board.sides),
        "par": puzzle.par,
        "judged_by": puzzle.judged_by,
    }


def progress_state(puzzle: BoxPuzzle, chain: list[str], revealed: bool) -> dict:
    """Return a player's chain on a board, the letters it leaves, whether it solves the board
    and whether the solution was revealed."""
    left = letters_left(puzzle, chain)
    return {
        "id": puzzle.id,
        "chain": chain,
        "letters_left": left,
        "solved": bool(chain) and not left,
        "revealed": revealed,
    }


def letters_left(puzzle: BoxPuzzle, chain: list[str]) -> list[str]:
    """Return the board's letters a chain of valid words has not used, in order."""
    return sorted(set(puzzle.board.letters) - set("".join(chain)))


def facts(puzzle: BoxPuzzle) -> PuzzleFacts:
    """Return what a player's statistics need to know of a board: its day and par."""
    return PuzzleFacts(puzzle.date.toordinal() if puzzle.date else None, par=puzzle.par)


def check_chain(puzzle: BoxPuzzle, words: list[str]) -> dict:
    """Return whether a chain of words follows the rules, which letters the words before the
    first broken rule leave, and whether it solves the board; the first broken rule is named
    with its word."""
    if len(words) > MAX_CHAIN_WORDS:
        raise BadGuess(f"a chain has at most {MAX_CHAIN_WORDS} words")
    played = [plain_word(word) for word in words]
    problem = None
    kept = played  # the words before the first broken rule (a broken word uses no letter)
    for place, word in enumerate(played):
        reason = chain_problem(puzzle, played, place)
        if reason:
            problem = {"index": place, "word": word, "reason": reason}
            kept = played[:place]
            break
    valid = problem is None
    left = sorted(set(puzzle.board.letters) - set("".join(kept)))
    return {
        "words": played,
        "valid": valid,
        "problem": problem,
        "letters_left": left,
        "solved": valid and bool(played) and not left,
        "word_count": len(played),
        "par": puzzle.par,
    }


def chain_problem(puzzle: BoxPuzzle, played: list[str], place: int) -> str | None:
    """Return why the word at a place of a chain breaks a rule, or None."""
    from solvers import letter_boxed as lb

    word = played[place]
    reason = lb.unplayable_reason(puzzle.board, word)
    if reason:
        return reason
    if place and word[0] != played[place - 1][-1]:
        return f"must start with {played[place - 1][-1]!r}, the last letter of the word before"
    if word in played[:place]:
        return "already in the chain"
    if word not in puzzle.words:
        return f"not in {puzzle.judged_by}"
    return None


def best_solution(puzzle: BoxPuzzle, zipf: Mapping[str, float] | None = None) -> tuple[str, ...]:
    """Return the best solution with the board's words (lb.best_chain: the one `today --reveal`
    and `solve` show too), none: empty; `zipf`: the Zipf frequencies beside the custom list (read
    when None; without the file, the alphabetically first)."""
    from pipeline.storage.named_lists import zipf_lookup
    from solvers import letter_boxed as lb

    found = lb.solve(
        puzzle.board, sorted(puzzle.words), zipf=zipf_lookup(LETTER_BOXED) if zipf is None else zipf
    )
    return found.words if found else ()
