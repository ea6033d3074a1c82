"""A big word list indexed for finding each board's playable words fast (a few boards at once)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, overload

from solvers.letter_boxed.rules import MIN_LENGTH, SIDE_COUNT, SIDE_LENGTH, Board
from solvers.letter_boxed.two_words import BoardWords, box_lookups
from solvers.masks import Mask, Word, is_plain_word

if TYPE_CHECKING:
    import numpy as np
else:
    from solvers.lazy import LazyModule

    np = LazyModule("numpy")  # loaded on first use: one board's search by levels needs none

PAIR_WORDS = 6  # 351 unordered pairs of letters, doubles included, fit in six 64-bit words


class WordIndex:
    """A big word list prepared for fast per-board filtering.

    For each word it keeps its letter mask and the set of letter pairs that stand side by side
    in it (unordered, doubles included: 351 bits in six 64-bit words). The words are grouped by
    letter mask, so that a board's candidates are the groups of the 4,096 subsets of its twelve
    letters (a lookup each, not a test of every word); its playable words are the candidates that
    hold none of the box's 24 same-side pairs.
    """

    def __init__(self, words: Iterable[str], *, sorted_and_plain: bool = False) -> None:
        """Index the words of MIN_LENGTH letters or more; `sorted_and_plain`: the caller vouches
        that they are distinct, sorted and lowercase a-z (a million words checked and sorted again
        cost half a second)."""
        if sorted_and_plain:
            self.words = [w for w in words if len(w) >= MIN_LENGTH]
        else:
            distinct = dict.fromkeys(map(str.lower, words))  # in order: sorted input stays sorted
            self.words = sorted(w for w in distinct if len(w) >= MIN_LENGTH and is_plain_word(w))
        # narrow types over every letter of the list: int64 ones made a 172,000-word list's
        # index peak at 140 MB
        codes = np.frombuffer(("\n".join(self.words) + "\n").encode("ascii"), dtype=np.uint8)
        letters = codes.astype(np.int16) - 97  # a newline is negative
        ends = np.flatnonzero(letters < 0)
        starts = np.concatenate(([0], ends[:-1] + 1))
        bits = np.where(letters >= 0, np.left_shift(np.uint32(1), letters.clip(0)), np.uint32(0))
        reduced = np.bitwise_or.reduceat(bits, starts) if self.words else bits[:0]
        self.masks = reduced.astype(np.int64)
        starts, ends = starts[: len(self.words)], ends[: len(self.words)]
        self.firsts, self.lasts = codes[starts], codes[ends - 1]  # each word's first and last byte
        self.lengths = (ends - starts).astype(np.int16)
        self._by_mask = np.argsort(self.masks, kind="stable")
        self._group_masks, self._group_starts = np.unique(
            self.masks[self._by_mask], return_index=True
        )
        self._group_ends = np.append(self._group_starts[1:], len(self.words))
        # bit m of the bitmap: some word has letter set m (2**26 bits, 8 MB); the groups before
        # each 64-bit word of it, so that a set's group is found without a search
        self._bitmap = np.zeros(1 << 20, dtype=np.uint64)
        bit = np.left_shift(np.uint64(1), (self._group_masks & 63).astype(np.uint64))
        np.bitwise_or.at(self._bitmap, self._group_masks >> 6, bit)
        counts = np.bitwise_count(self._bitmap).astype(np.int32)
        self._groups_before = np.cumsum(counts, dtype=np.int32) - counts
        word_at = np.repeat(np.arange(len(self.words), dtype=np.int32), ends + 1 - starts)
        inside = (letters[:-1] >= 0) & (letters[1:] >= 0)
        pair = pair_numbers()[letters[:-1][inside], letters[1:][inside]]
        pairs = np.zeros((len(self.words), PAIR_WORDS), dtype=np.uint64)
        np.bitwise_or.at(pairs, (word_at[:-1][inside], pair >> 6), pair_bits()[pair & 63])
        self._pair_columns = np.ascontiguousarray(pairs.T)  # one column a read, by word

    def __len__(self) -> int:
        """Return the number of distinct words of at least 3 letters in the index."""
        return len(self.words)

    def playable(self, board: Board) -> list[Word]:
        """Return the playable words of the index, sorted."""
        return [self.words[index] for index in self.playable_indices(board).tolist()]

    def playable_indices(self, board: Board) -> np.ndarray:
        """Return the positions in `words` of the playable words, ascending."""
        inside = self.indices_inside(board.mask)
        return inside[~self.clashes(inside, board)]

    def playable_on_boards(self, boards: Sequence[Board]) -> list[np.ndarray]:
        """Return `playable_indices` of each board, found for all of them at once: one search of
        the letter sets and one clash test (a few boards together cost far less than each
        alone; memory grows with their number)."""
        if not boards:
            return []
        masks = np.array([board.mask for board in boards], dtype=np.int64)
        positions, _, number = self.inside_boxes(masks)
        kept = ~self.clashes_on_boards(positions, same_side_pairs_of(boards), number)
        by_board = np.sort(number[kept] << 32 | positions[kept])  # by board, then position
        ends = np.searchsorted(by_board >> 32, np.arange(1, len(boards)))
        return np.split(by_board & 0xFFFFFFFF, ends)

    def board_words(self, board: Board) -> BoardWords:
        """Return the playable words of a board as the solver's arrays, made from the index's
        own (no word's text read again; a word is read when a solution names it)."""
        positions = self.playable_indices(board)
        _, index, _ = box_lookups(board)
        masks, local = self.masks[positions], np.zeros(len(positions), dtype=np.int64)
        for number, letter in enumerate(board.letters):
            local |= ((masks >> (ord(letter) - 97)) & 1) << number
        first, last = index[self.firsts[positions]], index[self.lasts[positions]]
        length = self.lengths[positions].astype(np.int64)
        return BoardWords(board, PickedWords(self.words, positions), first, last, local, length)

    def clashes(self, indices: np.ndarray, board: Board) -> np.ndarray:
        """Return, per word (by position in `words`), whether it puts two letters of one side of
        the board next to each other (a letter twice in a row included)."""
        on_board = np.zeros(len(indices), dtype=np.int64)
        return self.clashes_on_boards(indices, same_side_pairs(board)[None, :], on_board)

    def clashes_on_boards(
        self, indices: np.ndarray, same_side: np.ndarray, on_board: np.ndarray
    ) -> np.ndarray:
        """Return `clashes` of words each on its own board: `same_side` holds the same-side pair
        bits (same_side_pairs) of several boards, a row each, and `on_board` each word's row."""
        clash = np.zeros(len(indices), dtype=np.uint64)
        for column in np.flatnonzero(same_side.any(axis=0)).tolist():  # pair bits that matter
            clash |= self._pair_columns[column][indices] & same_side[:, column][on_board]
        return clash != 0

    def indices_inside(self, box: Mask) -> np.ndarray:
        """Return the positions in `words` of the words made only of the box's letters, ascending."""
        return np.sort(self.inside(box)[0])

    def inside(self, box: Mask) -> tuple[np.ndarray, np.ndarray]:
        """Return the positions in `words` of the words made only of the box's letters (grouped by
        letter set, the sets ascending), and each one's letters as box-local bits (bit i: the
        box's i-th lowest letter)."""
        positions, local, _ = self.inside_boxes(np.array([box], dtype=np.int64))
        return positions, local

    def inside_boxes(self, boxes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Return `inside` of several boxes of as many letters each, box after box: the words'
        positions, their box-local masks, and the number of each one's box (one search of the
        letter sets for every box)."""
        letter_count = int(boxes[0]).bit_count() if len(boxes) else 0
        if not len(self._group_masks) or not letter_count:
            empty = np.zeros(0, dtype=np.int64)
            return empty, empty, empty
        subsets = submasks_of(box_letters(boxes, letter_count)).ravel()  # the empty set: no word
        groups, held = self._groups_of(subsets)
        starts, ends = self._group_starts[groups], self._group_ends[groups]
        lengths = ends - starts
        first_row = np.repeat(starts - np.cumsum(lengths) + lengths, lengths)
        rows = first_row + np.arange(lengths.sum())
        found = np.repeat(held, lengths)  # subset k of box b is at b << letter_count | k
        return self._by_mask[rows], found & ((1 << letter_count) - 1), found >> letter_count

    def _groups_of(self, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Return the groups of the letter sets some word has among `masks`, and where those
        sets are in `masks` (the bitmap says which; the groups before its word and the set bits
        below in it say which group)."""
        words = self._bitmap[masks >> 6]
        below = (masks & 63).astype(np.uint64)
        held = np.flatnonzero((words >> below) & np.uint64(1))
        words, below = words[held], below[held]
        under = words & ((np.uint64(1) << below) - np.uint64(1))
        return self._groups_before[masks[held] >> 6] + np.bitwise_count(under), held


class PickedWords(Sequence[Word]):
    """Some words of a list, by position, each read when asked for."""

    def __init__(self, words: list[Word], positions: np.ndarray) -> None:
        """Pick the words at the positions (ascending: the picked words stay sorted)."""
        self._words, self._positions = words, positions.tolist()

    @overload
    def __getitem__(self, at: int) -> Word: ...

    @overload
    def __getitem__(self, at: slice) -> list[Word]: ...

    def __getitem__(self, at: int | slice) -> Word | list[Word]:
        """Return a picked word, or a list of them."""
        if isinstance(at, slice):
            return [self._words[position] for position in self._positions[at]]
        return self._words[self._positions[at]]

    def __len__(self) -> int:
        """Return how many words are picked."""
        return len(self._positions)


def box_letters(boxes: np.ndarray, letter_count: int) -> np.ndarray:
    """Return each box's letters (0-25), ascending: one row per box of `letter_count` letters."""
    held = (boxes[:, None] >> np.arange(26)) & 1
    if not (held.sum(axis=1) == letter_count).all():
        raise ValueError(f"every box must have {letter_count} letters")
    return (np.flatnonzero(held) % 26).reshape(len(boxes), letter_count)


def submasks_of(letters: np.ndarray) -> np.ndarray:
    """Return, per row of letters (ascending), every subset of them as masks, the empty one first:
    subset k (bit i of k: the row's i-th letter) is the k-th smallest, so the subsets of the lower
    and of the upper half of the letters combine in order."""
    half = letters.shape[1] // 2

    def subsets(part: np.ndarray) -> np.ndarray:  # (rows, 2 ** letters of the part)
        picks = (np.arange(1 << part.shape[1])[:, None] >> np.arange(part.shape[1])) & 1
        return (picks @ (np.int64(1) << part.T)).T

    lower, upper = subsets(letters[:, :half]), subsets(letters[:, half:])
    return (upper[:, :, None] | lower[:, None, :]).reshape(len(letters), -1)


def submasks(mask: Mask) -> np.ndarray:
    """Return every non-empty subset of a mask's letters, as masks, ascending."""
    letters = np.array([[letter for letter in range(26) if mask >> letter & 1]], dtype=np.int64)
    return submasks_of(letters)[0, 1:]


@cache
def pair_numbers() -> np.ndarray:
    """Return the number (0-350) of each pair of letters; both orders of a pair share it."""
    numbers = np.zeros((26, 26), dtype=np.int64)
    pairs = [(a, b) for a in range(26) for b in range(a, 26)]
    for number, (a, b) in enumerate(pairs):
        numbers[a, b] = numbers[b, a] = number
    return numbers


@cache
def pair_bits() -> np.ndarray:
    """Return bit i of a 64-bit word, for each i."""
    return np.left_shift(np.uint64(1), np.arange(64, dtype=np.uint64))


@lru_cache(maxsize=64)
def same_side_pairs(board: Board) -> np.ndarray:
    """Return the pair bits of two letters of one side of the board, doubles included."""
    return same_side_pairs_of([board])[0]


def same_side_pairs_of(boards: Sequence[Board]) -> np.ndarray:
    """Return `same_side_pairs` of several boards, a row each (one pass over all their sides)."""
    codes = np.frombuffer("".join(board.letters for board in boards).encode("ascii"), np.uint8)
    sides = (codes.astype(np.int64) - 97).reshape(len(boards), SIDE_COUNT, SIDE_LENGTH)
    numbers = pair_numbers()[sides[:, :, :, None], sides[:, :, None, :]].reshape(len(boards), -1)
    rows = np.repeat(np.arange(len(boards)), numbers.shape[1])
    bits = np.zeros((len(boards), PAIR_WORDS), dtype=np.uint64)
    np.bitwise_or.at(bits, (rows, numbers.ravel() >> 6), pair_bits()[numbers.ravel() & 63])
    return bits
