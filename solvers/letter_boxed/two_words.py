"""The two-word path: a board's playable words as numpy arrays over its 12 letters, the best
solutions of one or two words found by array arithmetic (every archived board has one), and the
solutions of one and two words counted without being listed."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from solvers.letter_boxed.links import START, Link, State
from solvers.letter_boxed.rules import (
    BOX_SIZE,
    FULL_BOX,
    MIN_LENGTH,
    SIDE_LENGTH,
    Board,
    playable_words,
)
from solvers.masks import Word

if TYPE_CHECKING:
    import numpy as np
else:
    from solvers.lazy import LazyModule

    np = LazyModule("numpy")  # loaded on first use: one board's search by levels needs none

NEWLINE = ord("\n")
FAR = 10_000  # more letters than any chain of two words has (counts are int16 to stay small)


@dataclass(frozen=True)
class BoardWords:
    """A board's playable words, sorted, as arrays over box-local letters (bit i: letters[i])."""

    board: Board
    words: Sequence[Word]
    first: np.ndarray  # box index of the first letter
    last: np.ndarray  # box index of the last letter
    mask: np.ndarray  # box-local mask of the letters used
    length: np.ndarray

    @classmethod
    def of(cls, board: Board, words: Iterable[str]) -> BoardWords:
        """Return the playable words of a list (any case, duplicates allowed) with their arrays."""
        words = list(words)
        text = "\n".join(words).lower()
        if not text.isascii() or text.count("\n") != len(words) - 1:
            return cls.of_sorted(board, playable_words(board, words))  # a word holds a newline
        lowered = text.split("\n") if words else []
        keep, first, last, mask, length = board_arrays(board, text)
        chosen = np.flatnonzero(keep)
        kept = [lowered[index] for index in chosen.tolist()]
        if not all(map(str.__lt__, kept, kept[1:])):
            return cls.of_sorted(board, sorted(set(kept)))
        return cls(board, kept, first[chosen], last[chosen], mask[chosen], length[chosen])

    @classmethod
    def of_sorted(cls, board: Board, playable: list[Word]) -> BoardWords:
        """Return the arrays of words already known to be playable, distinct and sorted."""
        _, first, last, mask, length = board_arrays(board, "\n".join(playable))
        if not playable:
            first = last = mask = length = np.zeros(0, dtype=np.int64)
        return cls(board, playable, first, last, mask, length)

    def letter(self, index: int) -> int:
        """Return the alphabet index (0-25) of the box letter at a box index."""
        return ord(self.board.letters[index]) - 97

    def state(self, last: int, mask: int) -> State:
        """Return the search state of a box-local last letter and mask."""
        used = 0
        for index in range(BOX_SIZE):
            if mask >> index & 1:
                used |= 1 << self.letter(index)
        return self.letter(last) << 26 | used


@lru_cache(maxsize=64)
def box_lookups(board: Board) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return per byte: its box-local bit, its box index, and its side (-1: not on the box)."""
    bits = np.zeros(256, dtype=np.int64)
    index = np.zeros(256, dtype=np.int64)
    sides = np.full(256, -1, dtype=np.int64)
    for number, letter in enumerate(board.letters):
        bits[ord(letter)], index[ord(letter)] = 1 << number, number
        sides[ord(letter)] = number // SIDE_LENGTH
    return bits, index, sides


def board_arrays(board: Board, text: str) -> tuple[np.ndarray, ...]:
    """Return, for each line of a lowercase ASCII text: playable?, first, last, mask, length."""
    bits, index, sides = box_lookups(board)
    codes = np.frombuffer((text + "\n").encode("ascii"), dtype=np.uint8)
    ends = np.flatnonzero(codes == NEWLINE)
    starts = np.concatenate(([0], ends[:-1] + 1))
    length = ends - starts
    side = sides[codes]
    off_box = (side < 0) & (codes != NEWLINE)
    same_side = np.zeros(len(codes), dtype=bool)
    same_side[1:] = (side[1:] == side[:-1]) & (side[1:] >= 0)
    bad = np.add.reduceat(off_box | same_side, starts) > 0
    keep = ~bad & (length >= MIN_LENGTH)
    first = index[codes[starts]]
    last = index[codes[np.maximum(ends - 1, 0)]]
    mask = np.bitwise_or.reduceat(bits[codes], starts)
    return keep, first, last, mask, length


def short_links(arrays: BoardWords, max_words: int) -> list[dict[State, list[Link]]] | None:
    """Return the links of the best solutions when one has at most two words, else None."""
    if not arrays.words:
        return None
    full = arrays.mask == FULL_BOX
    if full.any():
        fewest = arrays.length[full].min()
        return [{START: word_links(arrays, np.flatnonzero(full & (arrays.length == fewest)))}]
    if max_words < 2:
        return None
    # The cheapest word into each state (last letter, mask) ...
    key = arrays.last * (FULL_BOX + 1) + arrays.mask
    length = arrays.length.astype(np.int16)
    reach = np.full(BOX_SIZE * (FULL_BOX + 1), FAR, dtype=np.int16)
    np.minimum.at(reach, key, length)
    # ... and the shortest word from each first letter using at least each set of letters.
    cover = np.full((FULL_BOX + 1, BOX_SIZE), FAR, dtype=np.int16)
    np.minimum.at(cover, (arrays.mask, arrays.first), length)
    fold_supersets(cover, np.minimum)
    states = np.flatnonzero(reach < FAR)
    last, used = np.divmod(states, FULL_BOX + 1)
    total = reach[states].astype(np.int64) + cover[FULL_BOX ^ used, last]
    fewest = total.min()
    if fewest >= FAR:
        return None
    best = total == fewest
    target = np.full_like(reach, -1)
    target[states[best]] = reach[states[best]]
    firsts = word_links(arrays, np.flatnonzero(target[key] == arrays.length))
    seconds: dict[State, list[Link]] = {}
    for state_last, state_used, cost in zip(
        last[best].tolist(), used[best].tolist(), reach[states[best]].tolist(), strict=True
    ):
        finishing = (
            (arrays.first == state_last)
            & ((arrays.mask | state_used) == FULL_BOX)
            & (arrays.length == fewest - cost)
        )
        links = word_links(arrays, np.flatnonzero(finishing), state_used)
        seconds[arrays.state(state_last, state_used)] = links
    return [{START: firsts}, seconds]


def word_links(arrays: BoardWords, chosen: np.ndarray, used: int = 0) -> list[Link]:
    """Return links playing the chosen words (by index), grouped by the state each reaches."""
    by_state: dict[State, list[Word]] = defaultdict(list)
    for index, last, mask in zip(
        chosen.tolist(),
        arrays.last[chosen].tolist(),
        arrays.mask[chosen].tolist(),
        strict=True,
    ):
        by_state[arrays.state(last, mask | used)].append(arrays.words[index])
    return [(tuple(words), state) for state, words in by_state.items()]


def fold_supersets(table: np.ndarray, combine: np.ufunc) -> None:
    """Fold into each row of `table`, in place, the rows of every superset of its mask (row m
    for mask m, 2**k rows; the other axes kept), by `combine` (np.add sums, np.minimum takes the
    least): one pass per bit, since a superset of m is a superset of m without that bit."""
    for bit in range((len(table) - 1).bit_length()):
        # Axes: higher bits, this bit, lower bits, the rest (innermost, so blocks are long).
        halves = table.reshape(-1, 2, 1 << bit, *table.shape[1:])
        combine(halves[:, 0], halves[:, 1], out=halves[:, 0])


def short_solution_counts(arrays: BoardWords) -> tuple[int, int]:
    """Return how many solutions of exactly one and of exactly two words a board's playable words
    allow: `count_by_words(board, words, 2)`, counted over the arrays instead of searched.

    A two-word solution is a first word that does not use every letter, then a word starting with
    its last letter that uses every letter the first one left: for each first letter and each set
    of letters, the words using at least that set are counted once (sums over supersets).
    """
    return solution_counts(arrays.mask, arrays.first, arrays.last)


def solution_counts(mask: np.ndarray, first: np.ndarray, last: np.ndarray) -> tuple[int, int]:
    """Return how many solutions of exactly one and of exactly two words the playable words of
    a board allow, each given by its box-local mask and the box indices of its first and last
    letter (any numbering of the 12 letters: the counts do not depend on it)."""
    one, two = solution_counts_by_board(np.zeros(len(mask), dtype=np.int64), mask, first, last, 1)
    return int(one[0]), int(two[0])


def solution_counts_by_board(
    board: np.ndarray, mask: np.ndarray, first: np.ndarray, last: np.ndarray, boards: int
) -> tuple[np.ndarray, np.ndarray]:
    """Return `solution_counts` of several boards at once (their words given together, `board`
    numbering each word's board from 0 to boards - 1): the one-word and two-word counts."""
    box = FULL_BOX
    one_word = np.bincount(board[mask == box], minlength=boards)
    cells = (mask * boards + board) * BOX_SIZE + first
    # A sum counts some of one board's words: uint16 holds it when no board has 65,536 words (a
    # day has thousands), int32 otherwise; the narrower, the less memory the sums sweep.
    most = np.bincount(board, minlength=boards).max(initial=0)
    counts = np.uint16 if most < 1 << 16 else np.int32
    by_mask = np.bincount(cells, minlength=(box + 1) * boards * BOX_SIZE).astype(counts)
    by_mask = by_mask.reshape(box + 1, boards, BOX_SIZE)
    fold_supersets(by_mask, np.add)
    opening = mask != box
    board, mask, last = board[opening], mask[opening], last[opening]
    found = by_mask[box ^ mask, board, last]
    return one_word, np.bincount(board, weights=found, minlength=boards).astype(np.int64)
