"""Spelling Bee scoring: word points, ranks, answer order, and the NYT-style hint grid."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import accumulate, chain, repeat
from typing import Any

from solvers.masks import Letters, Mask, Word, letter_mask
from solvers.spelling_bee import PUZZLE_SIZE, Puzzle, SubsetSolver, center_submasks

PANGRAM_BONUS = 7

# Each rank starts at this percentage of the puzzle's total score.
RANKS: list[tuple[str, int]] = [
    ("Beginner", 0),
    ("Good Start", 2),
    ("Moving Up", 5),
    ("Good", 8),
    ("Solid", 15),
    ("Nice", 25),
    ("Great", 40),
    ("Amazing", 50),
    ("Genius", 70),
    ("Queen Bee", 100),
]


def puzzle_mask(puzzle: Puzzle | Letters) -> Mask:
    """Return the mask of a puzzle's letters, given the puzzle or its letters."""
    return puzzle.mask if isinstance(puzzle, Puzzle) else letter_mask(puzzle.lower())


def is_pangram(word: Word, puzzle: Puzzle | Letters) -> bool:
    """Return True when a word uses every letter of the puzzle."""
    mask = puzzle_mask(puzzle)
    return letter_mask(word) & mask == mask


def is_pangram_set(letter_set: Mask) -> bool:
    """Return True when the words of a letter set are pangrams in every puzzle that allows them:
    an answer uses only the puzzle's 7 letters, so it uses all of them when its set has 7."""
    return letter_set.bit_count() == PUZZLE_SIZE


def word_points(word: Word) -> int:
    """Return a word's points before any pangram bonus: 1 for 4 letters, 1 per letter if longer.

    Words shorter than 4 letters are never answers and score 0.
    """
    return int(length_points(len(word), False))


def length_points(length: Any, pangram: Any) -> Any:
    """Return the points of words of a length, pangrams or not: the rule of word_points plus the
    pangram bonus. Written in arithmetic so that it takes ints or numpy arrays alike (a whole word
    list is scored at once)."""
    return (length == 4) + (length > 4) * length + PANGRAM_BONUS * (pangram & (length >= 4))


def word_score(word: Word, puzzle: Puzzle | Letters) -> int:
    """Return a word's points: word_points, plus 7 for a pangram."""
    return pangram_points(word, is_pangram(word, puzzle))


def pangram_points(word: Word, pangram: bool) -> int:
    """Return a word's points, knowing whether it is a pangram: word_points, plus 7 if it is."""
    return int(length_points(len(word), pangram))


def total_score(words: Iterable[Word], puzzle: Puzzle | Letters) -> int:
    """Return the sum of the words' points."""
    return sum(word_score(w, puzzle) for w in words)


def rank_thresholds(total: int) -> list[tuple[str, int]]:
    """Return each rank with the points it needs, its percentage of total rounded half up."""
    # (total * pct + 50) // 100 is int(total * pct / 100 + 0.5) without float error.
    return [(name, (total * pct + 50) // 100) for name, pct in RANKS]


def order_answers(words: Iterable[Word], puzzle: Puzzle | Letters) -> list[Word]:
    """Return the words with pangrams first, then longest first, then alphabetically."""
    return sorted(words, key=lambda w: (not is_pangram(w, puzzle), -len(w), w))


@dataclass(frozen=True)
class ScoredAnswers:
    """A puzzle's answers in display order, with their points, pangrams and total."""

    words: list[Word]  # pangrams first, then longest first, then alphabetically
    scores: dict[Word, int]  # in the order of words
    pangrams: list[Word]  # in the order of words
    total: int


def display_order(words: Iterable[Word]) -> list[Word]:
    """Return words longest first, then alphabetically (two sorts in C, no key per word)."""
    return sorted(sorted(words), key=len, reverse=True)  # reverse=True keeps the sort stable


def score_answers(answers: Iterable[Word], puzzle: Puzzle) -> ScoredAnswers:
    """Return the answers of a puzzle scored word by word."""
    ordered = order_answers(answers, puzzle)
    scores = {word: word_score(word, puzzle) for word in ordered}
    pangrams = [word for word in ordered if is_pangram(word, puzzle)]
    return ScoredAnswers(ordered, scores, pangrams, sum(scores.values()))


# From this many words on, the letter sets are scored with numpy arrays (loading numpy costs more
# than it saves for the few words of one puzzle's lines of the custom list).
ARRAY_SCORING = 20_000


def repeat_each(values: list[bool], counts: list[int]) -> Iterable[bool]:
    """Return each value repeated its count of times, in order."""
    return chain.from_iterable(map(repeat, values, counts))


def starts_of(sizes: list[int]) -> Iterable[tuple[int, int]]:
    """Return (start, size) of consecutive runs of the given sizes."""
    starts = list(accumulate(sizes, initial=0))[:-1]
    return zip(starts, sizes, strict=True)


def array_points(
    grouped: list[Word], pangram: list[bool], sizes: list[int]
) -> tuple[list[int], list[int]]:
    """Return the points of words grouped by letter set (length_points over numpy arrays), and
    each group's total."""
    import numpy as np  # here, not at the top: solving one puzzle starts faster without it

    lengths = np.fromiter(map(len, grouped), dtype=np.int64, count=len(grouped))
    points = length_points(lengths, np.repeat(np.array(pangram, dtype=bool), sizes))
    starts = np.cumsum(sizes) - np.array(sizes, dtype=np.int64)
    totals = np.add.reduceat(points, starts) if len(points) else points
    return points.tolist(), totals.tolist()


class ScoredSubsetSolver(SubsetSolver):
    """The subsets solver, with every letter set scored once, when the table is built.

    Whether a word is a pangram depends only on its letter set (is_pangram_set), and so does its
    score: a puzzle's pangrams are the words of its own letter set, its answers' scores are
    looked up, and its total adds up 64 letter sets' totals, with no answer tested or scored.
    """

    def __init__(self, words: Iterable[Word], masks: Iterable[Mask] | None = None) -> None:
        super().__init__(words, masks)
        group_masks = list(self.index)
        grouped = list(chain.from_iterable(self.index.values()))
        pangram = list(map(is_pangram_set, group_masks))
        sizes = list(map(len, self.index.values()))
        if len(grouped) < ARRAY_SCORING:
            points = list(map(length_points, map(len, grouped), repeat_each(pangram, sizes)))
            totals = [sum(points[start : start + size]) for start, size in starts_of(sizes)]
        else:
            points, totals = array_points(grouped, pangram, sizes)
        self.scores: dict[Word, int] = dict(zip(grouped, points, strict=True))
        self.totals: dict[Mask, int] = dict(zip(group_masks, totals, strict=True))

    def solve_scored(self, puzzle: Puzzle) -> ScoredAnswers:
        """Return the puzzle's answers with their points, pangrams and total."""
        masks = [mask for mask in center_submasks(puzzle) if mask in self.index]
        pangrams = display_order(self.index.get(puzzle.mask, ()))
        others = display_order(
            chain.from_iterable(self.index[mask] for mask in masks if mask != puzzle.mask)
        )
        words = pangrams + others
        scores = dict(zip(words, map(self.scores.__getitem__, words), strict=True))
        return ScoredAnswers(words, scores, pangrams, sum(map(self.totals.__getitem__, masks)))


@dataclass(frozen=True)
class HintGrid:
    """Counts of answers by first letter (rows) and length (columns), with totals."""

    letters: list[str]  # row labels, alphabetical
    lengths: list[int]  # column labels, every length from the shortest to the longest
    counts: dict[tuple[str, int], int]  # (first letter, length) -> number of answers
    row_totals: dict[str, int]
    column_totals: dict[int, int]
    total: int


def grid_counts(grid: HintGrid) -> dict[str, dict[str, int]]:
    """Return a hint grid as counts by first letter, then by length (every length, zeros too)."""
    return {
        letter: {str(n): grid.counts.get((letter, n), 0) for n in grid.lengths}
        for letter in grid.letters
    }


def hint_grid(words: Iterable[Word]) -> HintGrid:
    """Return the hint grid of a list of answers."""
    counts = Counter((w[0], len(w)) for w in words)
    letters = sorted({letter for letter, _ in counts})
    sizes = {length for _, length in counts}
    lengths = list(range(min(sizes), max(sizes) + 1)) if sizes else []
    return HintGrid(
        letters=letters,
        lengths=lengths,
        counts=dict(sorted(counts.items())),
        row_totals={r: sum(counts[r, n] for n in lengths) for r in letters},
        column_totals={n: sum(counts[r, n] for r in letters) for n in lengths},
        total=sum(counts.values()),
    )


def format_hint_grid(grid: HintGrid) -> str:
    """Return the hint grid as a text table: a row per first letter, a column per length, Σ."""
    width = max(3, len(str(grid.total)) + 1)

    def row(label: str, cells: Iterable[int | str]) -> str:
        return label.ljust(3) + "".join(str(c or "-").rjust(width) for c in cells)

    lines = [row("", [*grid.lengths, "Σ"])]
    for letter in grid.letters:
        cells = [grid.counts.get((letter, n), 0) for n in grid.lengths]
        lines.append(row(f"{letter.upper()}:", [*cells, grid.row_totals[letter]]))
    lines.append(row("Σ:", [*(grid.column_totals[n] for n in grid.lengths), grid.total]))
    return "\n".join(lines)


def two_letter_list(words: Iterable[Word]) -> list[tuple[str, int]]:
    """Return each two-letter start of the words with how many words have it, sorted."""
    return sorted(Counter(w[:2] for w in words).items())
