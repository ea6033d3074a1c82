"""Playing a Spelling Bee puzzle (`pipeline serve`): read it by its id, judge a guess, score the
words found, give the hints of the words not yet found, reveal the answers.

An NYT puzzle (archived or today's) is judged by its official answers; a generated one by the
custom list, where a maybe-tier word the list leaves out is `maybe`.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from pipeline.games import SPELLING_BEE
from pipeline.games.generated import GENERATED_ID
from pipeline.games.play import (
    PuzzleReader,
    generated_record,
    generated_request,
    progress_id,
    word_clue,
)
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.model.clues import Clue
from pipeline.storage.player_progress import PuzzleFacts, PuzzleKey
from solvers import spelling_bee_scoring as scoring
from solvers.spelling_bee import MIN_LENGTH


@dataclass(frozen=True)
class BeePuzzle:
    """A Spelling Bee puzzle to play: its letters and the words that count."""

    id: str
    date: dt.date | None
    center: str
    others: str
    answers: frozenset[str]  # accepted words
    maybe: frozenset[str]  # words the NYT might accept (generated puzzles only)
    judged_by: str

    @property
    def letters(self) -> str:
        """Return the seven letters, center first."""
        return self.center + self.others

    @property
    def key(self) -> PuzzleKey:
        """Return what the player's progress in this puzzle is kept under."""
        return PuzzleKey(SPELLING_BEE.name, progress_id(self.id, self.date), self.letters)

    def __post_init__(self) -> None:
        (
            self.ranks(),
            self.pangrams,
        )  # worked out now, so that the server's cache weighs them when it keeps it

    # Worked out once per puzzle (the server keeps a puzzle and asks again at every request).
    @cached_property
    def points(self) -> int:
        """Return the points of every answer (Queen Bee)."""
        return sum(self.answer_points.values())

    @cached_property
    def answer_points(self) -> dict[str, int]:
        """Return each answer's points (a player's score is summed from them at every guess)."""
        return {word: scoring.word_score(word, self.letters) for word in self.answers}

    @cached_property
    def pangrams(self) -> int:
        """Return how many answers are pangrams."""
        return sum(scoring.is_pangram(word, self.letters) for word in self.answers)

    def ranks(self) -> dict[str, int]:
        """Return each rank's threshold in points."""
        return dict(self._thresholds)

    @cached_property
    def _thresholds(self) -> tuple[tuple[str, int], ...]:
        return tuple(scoring.rank_thresholds(self.points))


@dataclass(frozen=True)
class Guess:
    """A Spelling Bee guess judged."""

    word: str
    verdict: str  # accepted, maybe, not-in-list, too-short, missing-center, bad-letters
    points: int
    pangram: bool


# ------------------------------------------------------------------ reading puzzles


def read(puzzles: PuzzleReader, puzzle_id: str) -> BeePuzzle:
    """Read the puzzle of an id: a generated one, or the NYT's of a date or `today`."""
    generated = GENERATED_ID.fullmatch(puzzle_id)
    if generated:
        return read_generated(puzzles, puzzle_id, generated)
    record = puzzles.nyt_record(SPELLING_BEE, puzzle_id)
    assert isinstance(record, BeeRecord)
    return BeePuzzle(
        puzzle_id,
        record.date,
        record.center,
        record.others,
        frozenset(record.answers),
        frozenset(),
        "the NYT's official answers",
    )


def read_generated(puzzles: PuzzleReader, puzzle_id: str, match: re.Match[str]) -> BeePuzzle:
    """Draw the generated puzzle of an id (the draw up to its place)."""
    from pipeline.games.spelling_bee.generate import generate  # numpy: only when asked

    request = generated_request(match)
    with puzzles.connection() as con:
        records = generate(con, request)
    record = generated_record(records, request, puzzle_id)
    return BeePuzzle(
        puzzle_id,
        None,
        record["center"],
        record["others"],
        frozenset(record["answers"]),
        frozenset(maybe["word"] for maybe in record["maybe"]),
        "the custom list (a maybe-tier word it leaves out is judged maybe)",
    )


# ------------------------------------------------------------------ playing


def judge_guess(puzzle: BeePuzzle, word: str) -> Guess:
    """Return the verdict on a guess, with its points when it is accepted."""
    if len(word) < MIN_LENGTH:
        return Guess(word, "too-short", 0, False)
    if set(word) - set(puzzle.letters):
        return Guess(word, "bad-letters", 0, False)
    if puzzle.center not in word:
        return Guess(word, "missing-center", 0, False)
    if word in puzzle.answers:
        points = puzzle.answer_points[word]
        return Guess(word, "accepted", points, scoring.is_pangram(word, puzzle.letters))
    if word in puzzle.maybe:
        return Guess(word, "maybe", 0, False)
    return Guess(word, "not-in-list", 0, False)


def score_of(puzzle: BeePuzzle, found: Iterable[str]) -> int:
    """Return the points of the found words that count."""
    return sum(puzzle.answer_points.get(word, 0) for word in found)


def rank_of(puzzle: BeePuzzle, score: int) -> str:
    """Return the highest rank a score reaches."""
    reached = [name for name, threshold in puzzle.ranks().items() if score >= threshold]
    return reached[-1]


def puzzle_state(puzzle: BeePuzzle) -> dict:
    """Return what the page shows of a puzzle, the same for every player: counts and ranks, no
    answer."""
    return {
        "id": puzzle.id,
        "game": SPELLING_BEE.name,
        "date": puzzle.date.isoformat() if puzzle.date else None,
        "center": puzzle.center,
        "others": puzzle.others,
        "words": len(puzzle.answers),
        "points": puzzle.points,
        "pangrams": puzzle.pangrams,
        "ranks": puzzle.ranks(),
        "judged_by": puzzle.judged_by,
    }


def progress_state(puzzle: BeePuzzle, found: list[str], revealed: bool) -> dict:
    """Return a player's progress in a puzzle: the words found, the score and rank reached, and
    whether the answers were revealed."""
    score = score_of(puzzle, found)
    return {
        "id": puzzle.id,
        "found": found,
        "score": score,
        "rank": rank_of(puzzle, score),
        "revealed": revealed,
    }


def facts(puzzle: BeePuzzle) -> PuzzleFacts:
    """Return what a player's statistics need to know of a puzzle: its day, points and Genius."""
    day = puzzle.date.toordinal() if puzzle.date else None
    return PuzzleFacts(day, puzzle.points, puzzle.ranks()["Genius"], None)


def hints(puzzle: BeePuzzle, found: Iterable[str]) -> dict:
    """Return the hint grid and the two-letter list of the answers not yet found."""
    left = sorted(puzzle.answers - set(found))
    grid = scoring.hint_grid(left)
    return {
        "words_left": len(left),
        "points_left": scoring.total_score(left, puzzle.letters),
        "pangrams_left": sum(scoring.is_pangram(w, puzzle.letters) for w in left),
        "lengths": grid.lengths,
        "grid": scoring.grid_counts(grid),
        "two_letters": dict(scoring.two_letter_list(left)),
    }


def clues(puzzles: PuzzleReader, puzzle: BeePuzzle) -> tuple[tuple[str, dict], ...]:
    """Return each answer that has a clue with what a player is shown of it, in the order the
    page offers them (by first letters, then length), worked out once per process."""
    return puzzles.cached(
        SPELLING_BEE,
        f"{puzzle.id}/clues/{puzzle.letters}",
        lambda _: ordered_clues(puzzles.answer_clues(sorted(puzzle.answers))),
    )


def ordered_clues(clues: dict[str, Clue | None]) -> tuple[tuple[str, dict], ...]:
    """Return the answers that have a clue, each with what a player is shown of it, by first
    letters, then length, then clue."""
    shown = [(word, word_clue(word, clue)) for word, clue in clues.items() if clue is not None]
    return tuple(
        sorted(shown, key=lambda item: (item[1]["start"], item[1]["length"], item[1]["clue"]))
    )


def clues_left(
    puzzle: BeePuzzle, clues: tuple[tuple[str, dict], ...], found: Iterable[str]
) -> dict:
    """Return the clues of the answers not yet found, and how many answers are left."""
    found = set(found)
    return {
        "words_left": len(puzzle.answers - found),
        "clues": [shown for word, shown in clues if word not in found],
    }


def answers(puzzle: BeePuzzle) -> dict:
    """Return every answer, pangrams first then longest first (the reveal)."""
    ordered = scoring.order_answers(puzzle.answers, puzzle.letters)
    return {
        "answers": ordered,
        "pangrams": [w for w in ordered if scoring.is_pangram(w, puzzle.letters)],
        "maybe": sorted(puzzle.maybe),
    }
