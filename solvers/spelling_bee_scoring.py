"""Spelling Bee scoring: word points, ranks, answer order, and the NYT-style hint grid."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain
from typing import Any, NamedTuple

from solvers.masks import Letters, Mask, Word, letter_mask
from solvers.spelling_bee import (
    MIN_LENGTH,
    PUZZLE_SIZE,
    Puzzle,
    candidate_words,
    center_submasks,
)

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


def candidate_sets(
    words: Iterable[Word], masks: Iterable[Mask] | None = None
) -> list[tuple[Word, Mask]]:
    """Return each candidate word (candidate_words) with its letter set, alphabetically; `masks`,
    when given, are the words' letter masks, the words sorted, distinct and plain (a stored list
    has them so): the candidates are then picked by length and mask, no letter looked at."""
    if masks is None:
        found = candidate_words(words)
        return list(zip(found, map(letter_mask, found), strict=True))
    return [
        (word, mask)
        for word, mask in zip(words, masks, strict=True)
        if len(word) >= MIN_LENGTH and mask.bit_count() <= PUZZLE_SIZE
    ]


class RankedAnswers(NamedTuple):
    """A puzzle's answers as ranks of a ScoredSubsetSolver's words (its display order)."""

    pangrams: list[int]  # the puzzle's own letter set's words
    others: list[int]  # the other answers, merged into display order
    total: int


class ScoredSubsetSolver:
    """The subsets solver, with every word ranked in display order and scored once, when the
    table is built.

    Whether a word is a pangram depends only on its letter set (is_pangram_set), and so does its
    score; and the display order (longest first, then alphabetical) is one order over the whole
    list. A puzzle's pangrams are the words of its own letter set, its other answers the words of
    its 63 other sets merged by their ranks (numbers sorted, not words), and its total adds up
    their points, looked up: no answer is tested, scored or compared letter by letter.
    """

    def __init__(
        self,
        words: Iterable[Word],
        masks: Iterable[Mask] | None = None,
        *,
        in_display_order: bool = False,
    ) -> None:
        """Rank and score a list; `in_display_order`: the caller vouches that the words are
        candidates already in display order, with their masks (a stored list sorted in SQL)."""
        if in_display_order and masks is not None:
            self.words: list[Word] = list(words)  # a word's rank: its position
            ranked_masks = list(masks)
        else:  # sorted by length, longest first; each length's words stay alphabetical
            ranked = sorted(candidate_sets(words, masks), key=lambda pair: -len(pair[0]))
            self.words = [word for word, _ in ranked]
            ranked_masks = [mask for _, mask in ranked]
        longest = max(map(len, self.words), default=0)
        plain = [int(length_points(length, False)) for length in range(longest + 1)]
        self.points: list[int] = list(map(plain.__getitem__, map(len, self.words)))
        ranks: dict[Mask, list[int]] = defaultdict(list)
        for rank, mask in enumerate(ranked_masks):
            ranks[mask].append(rank)
        for mask in filter(is_pangram_set, ranks):  # a pangram's bonus is its letter set's
            for rank in ranks[mask]:
                self.points[rank] += PANGRAM_BONUS
        self.ranks = dict(ranks)  # each letter set's words, ascending

    def solve(self, puzzle: Puzzle) -> list[Word]:
        """Return the answers to the puzzle, in display order."""
        ranked = self.solve_ranked(puzzle)
        return [self.words[rank] for rank in (*ranked.pangrams, *ranked.others)]

    def solve_ranked(self, puzzle: Puzzle) -> RankedAnswers:
        """Return the puzzle's pangrams and other answers as ranks, and its total."""
        masks = center_submasks(puzzle)  # the puzzle's own letter set last
        found = self.ranks.get
        pangrams = found(masks[-1], [])
        others = sorted(chain.from_iterable(filter(None, map(found, masks[:-1]))))
        points = self.points.__getitem__
        return RankedAnswers(
            pangrams, others, sum(map(points, pangrams)) + sum(map(points, others))
        )

    def solve_scored(self, puzzle: Puzzle) -> ScoredAnswers:
        """Return the puzzle's answers with their points, pangrams and total."""
        ranked = self.solve_ranked(puzzle)
        ranks = ranked.pangrams + ranked.others
        words = [self.words[rank] for rank in ranks]
        scores = dict(zip(words, map(self.points.__getitem__, ranks), strict=True))
        return ScoredAnswers(words, scores, words[: len(ranked.pangrams)], ranked.total)


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
