"""Letter Boxed: the board, its playable words, and the solutions with the fewest words.

A solution is a chain of words, each starting with the last letter of the word before, whose
last word is the first to bring the count of box letters used to all 12. The best solutions have
the fewest words, then the fewest letters (the joining letter counts in both words).

The search walks states (last letter, letters used) one word at a time. There are at most
12 * 4096 states, so the work and the memory are bounded whatever the word list or max_words.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, overload

from solvers.masks import ALL_LETTERS, Mask, Word, is_plain_word, letter_mask

if TYPE_CHECKING:
    import numpy as np
else:
    from solvers.lazy import LazyModule

    np = LazyModule("numpy")  # loaded on first use: one board's search by levels needs none

__all__ = [
    "Board",
    "Solution",
    "WordIndex",
    "best_chain",
    "links_of",
    "commonest_chain",
    "commonest_solution",
    "count_best",
    "count_by_words",
    "is_playable",
    "parse_board",
    "playable_words",
    "rarest_zipf",
    "short_solution_counts",
    "solution_counts",
    "solution_counts_by_board",
    "solutions_with_words",
    "solve",
    "solve_all",
    "unplayable_reason",
]

Side = str
# A search state packs the last letter (0-25; START_LETTER before the first word) above the mask.
State = int
# A step plays one group of interchangeable words: same first and last letter, same letters used
# and same length. It is (last letter << 26 | letters used, word length, the words).
Step = tuple[State, int, tuple[Word, ...]]
# A link leads from a state to the next one by playing any of its words.
Link = tuple[tuple[Word, ...], State]

SIDE_COUNT = 4
SIDE_LENGTH = 3
BOX_SIZE = SIDE_COUNT * SIDE_LENGTH
FULL_BOX = (1 << BOX_SIZE) - 1  # every letter of the box, in box-local bits
MIN_LENGTH = 3
DEFAULT_MAX_WORDS = 6
START_LETTER = 26
START = START_LETTER << 26


@dataclass(frozen=True)
class Board:
    """A Letter Boxed board: four sides of three lowercase letters."""

    sides: tuple[Side, Side, Side, Side]

    @property
    def letters(self) -> str:
        """Return the 12 letters of the box, side by side."""
        return "".join(self.sides)

    @property
    def mask(self) -> Mask:
        """Return the mask of the 12 letters of the box."""
        return letter_mask(self.letters)


@dataclass(frozen=True)
class Solution:
    """A chain of words that uses every letter of the box."""

    words: tuple[Word, ...]

    @property
    def word_count(self) -> int:
        """Return the number of words in the chain."""
        return len(self.words)

    @property
    def letter_count(self) -> int:
        """Return the total length of the words (joining letters count twice)."""
        return sum(len(word) for word in self.words)


def parse_board(sides: Sequence[str]) -> Board:
    """Return the board of four 3-letter sides, in either case; raise ValueError if malformed."""
    if isinstance(sides, str) or len(sides) != SIDE_COUNT:
        count = 1 if isinstance(sides, str) else len(sides)
        raise ValueError(f"A Letter Boxed board has exactly 4 sides, not {count}.")
    lowered = []
    for number, side in enumerate(sides, start=1):
        if not isinstance(side, str) or len(side) != SIDE_LENGTH:
            raise ValueError(f"Side {number} ({side!r}) must have exactly 3 letters.")
        if not is_plain_word(side.lower()):
            raise ValueError(f"Side {number} ({side!r}) must contain only the letters a-z.")
        lowered.append(side.lower())
    letters = "".join(lowered)
    for letter in letters:
        if letters.count(letter) > 1:
            raise ValueError(f"The letter {letter!r} appears more than once on the box.")
    return Board((lowered[0], lowered[1], lowered[2], lowered[3]))


def side_moves(board: Board) -> str:
    """Return a regex for one letter of the box not followed by a letter from the same side."""
    return "|".join(f"[{side}](?![{side}])" for side in board.sides)


@lru_cache(maxsize=64)
def playable_pattern(board: Board) -> re.Pattern[str]:
    """Return a regex that fully matches the words playable on a board."""
    return re.compile(f"(?:{side_moves(board)}){{{MIN_LENGTH},}}")


def is_playable(board: Board, word: Word) -> bool:
    """Return True when a lowercase word uses only box letters, never two from one side in a row."""
    return playable_pattern(board).fullmatch(word) is not None


@lru_cache(maxsize=64)
def playable_lines(board: Board) -> re.Pattern[str]:
    """Return a regex that matches each playable word of a one-word-a-line text."""
    return re.compile(f"^(?:{side_moves(board)}){{{MIN_LENGTH},}}$", re.MULTILINE)


def all_playable(board: Board, words: Sequence[Word]) -> bool:
    """Return True when every one of lowercase words is playable (one scan of their text)."""
    return len(playable_lines(board).findall("\n".join(words))) == len(words)


def unplayable_reason(board: Board, word: Word) -> str | None:
    """Return why a word cannot be played on a board, or None when it can (as is_playable)."""
    if not is_plain_word(word):
        return "not a-z"
    if len(word) < MIN_LENGTH:
        return f"shorter than {MIN_LENGTH} letters"
    outside = sorted(set(word) - set(board.letters))
    if outside:
        return f"uses {''.join(outside)!r}, not on the box"
    for previous, letter in zip(word, word[1:], strict=False):
        if side_of(board, previous) == side_of(board, letter):
            return f"{previous + letter!r} are on one side"
    return None


def playable_words(board: Board, words: Iterable[str]) -> list[Word]:
    """Return the distinct playable words, lowercased and sorted."""
    playable = playable_pattern(board).fullmatch
    return sorted({word for word in map(str.lower, words) if playable(word)})


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


PAIR_WORDS = 6  # 351 unordered pairs of letters, doubles included, fit in six 64-bit words


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


def side_of(board: Board, letter: str) -> int:
    """Return the index of the side that holds a letter of the box."""
    return next(number for number, side in enumerate(board.sides) if letter in side)


@dataclass(frozen=True)
class StepTable:
    """The steps of a word list by first letter, with bitsets to find the finishing ones fast."""

    # First letter (START_LETTER: any) -> its steps.
    after: dict[int, list[Step]]
    # First letter -> box letter -> the bitset of its steps (by index in after) that use it.
    containing: dict[int, dict[int, int]]


def step_table(words: Iterable[Word], box: Mask, shortest_only: bool) -> StepTable:
    """Return the steps of sorted lowercase words made of the letters of a box.

    With shortest_only, each (first letter, last letter, letters used) keeps only its shortest
    words: a longer one can never be part of a best solution.
    """
    groups: dict[tuple[int, State], dict[int, list[Word]]] = defaultdict(dict)
    for word in words:
        move = (ord(word[-1]) - 97) << 26 | letter_mask(word)
        groups[ord(word[0]) - 97, move].setdefault(len(word), []).append(word)
    after: dict[int, list[Step]] = defaultdict(list)
    for (first, move), by_length in groups.items():
        lengths = [min(by_length)] if shortest_only else sorted(by_length)
        after[first].extend((move, length, tuple(by_length[length])) for length in lengths)
    letters = [letter for letter in range(26) if box >> letter & 1]
    containing = {first: letter_bitsets(steps, letters) for first, steps in after.items()}
    any_first: list[Step] = []
    any_first_containing = dict.fromkeys(letters, 0)
    for first, steps in after.items():  # bitsets of a concatenation: shift, then join
        for letter in letters:
            any_first_containing[letter] |= containing[first][letter] << len(any_first)
        any_first.extend(steps)
    after[START_LETTER], containing[START_LETTER] = any_first, any_first_containing
    return StepTable(dict(after), containing)


def letter_bitsets(steps: list[Step], letters: list[int]) -> dict[int, int]:
    """Return for each letter the bitset of the steps whose words use it (bit i: steps[i])."""
    return {
        letter: int("".join(["1" if move >> letter & 1 else "0" for move, _, _ in steps[::-1]]), 2)
        for letter in letters
    }


def set_bits(bitset: int) -> Iterator[int]:
    """Yield the indices of the set bits of a non-negative int, lowest first."""
    while bitset:
        lowest = bitset & -bitset
        yield lowest.bit_length() - 1
        bitset ^= lowest


def finishing_steps(table: StepTable, state: State) -> int:
    """Return the bitset of the steps from a state whose words use every box letter still unused."""
    containing = table.containing.get(state >> 26)
    if containing is None:
        return 0
    finishing = -1
    for letter, steps_using in containing.items():
        if not state >> letter & 1:
            finishing &= steps_using
            if not finishing:
                break
    return finishing


def finishing_level(table: StepTable, level: dict[State, int]) -> dict[State, int]:
    """Return the bitset of finishing steps of each state of a level that has some."""
    finishing = {}
    for state in level:
        bits = finishing_steps(table, state)
        if bits:
            finishing[state] = bits
    return finishing


def fewest_letters_to_finish(
    table: StepTable, level: dict[State, int], finishing: dict[State, int]
) -> int:
    """Return the fewest letters of a chain that finishes from the level."""
    return min(
        level[state] + table.after[state >> 26][index][1]
        for state, bits in finishing.items()
        for index in set_bits(bits)
    )


def last_links(
    table: StepTable, level: dict[State, int], finishing: dict[State, int], letter_limit: float
) -> dict[State, list[Link]]:
    """Return the finishing links of each state whose chains have at most letter_limit letters."""
    links = {}
    for state, bits in finishing.items():
        steps, used = table.after[state >> 26], state & ALL_LETTERS
        state_links = [
            (words, move | used)
            for move, length, words in (steps[index] for index in set_bits(bits))
            if level[state] + length <= letter_limit
        ]
        if state_links:
            links[state] = state_links
    return links


def uses_every_letter(table: StepTable) -> bool:
    """Return True when every letter of the box is used by some word (else nothing can finish)."""
    return all(table.containing[START_LETTER].values())


def next_level(level: dict[State, int], table: StepTable, skipped: set[State]) -> dict[State, int]:
    """Return the fewest letters reaching each state one word after a level, except skipped ones."""
    reached_level: dict[State, int] = {}
    for state, letters in level.items():
        used = state & ALL_LETTERS
        for move, length, _ in table.after.get(state >> 26, ()):
            reached = move | used
            if reached in skipped:
                continue
            cost = letters + length
            if cost < reached_level.get(reached, cost + 1):
                reached_level[reached] = cost
    return reached_level


def links_into(
    levels: list[dict[State, int]],
    table: StepTable,
    targets: dict[State, int],
    cheapest_only: bool,
) -> list[dict[State, list[Link]]]:
    """Return, per level, the links from each state that lead on to a target of the last level.

    With cheapest_only a link counts only when it keeps the cheapest letter count of the state
    it reaches, so the links spell exactly the cheapest chains into the targets.
    """
    links: list[dict[State, list[Link]]] = []
    for level in reversed(levels[:-1]):
        level_links: dict[State, list[Link]] = defaultdict(list)
        for state, letters in level.items():
            used = state & ALL_LETTERS
            for move, length, words in table.after.get(state >> 26, ()):
                reached = move | used
                cost = targets.get(reached)
                if cost is not None and (not cheapest_only or cost == letters + length):
                    level_links[state].append((words, reached))
        targets = {state: level[state] for state in level_links}
        links.append(level_links)
    return links[::-1]


def best_links(table: StepTable, full: Mask, max_words: int) -> list[dict[State, list[Link]]]:
    """Return the links that spell the best solutions within max_words words (none: []).

    Level k holds the states first reached with k words. A state already reached with fewer
    words is skipped: a chain through it could be shortened, so it is in no best solution.
    """
    if max_words < 1 or not uses_every_letter(table):
        return []
    levels = [{START: 0}]
    skipped = {letter << 26 | full for letter in range(26)}  # finishing is handled apart
    while levels[-1]:
        finishing = finishing_level(table, levels[-1])
        if finishing:
            fewest_letters = fewest_letters_to_finish(table, levels[-1], finishing)
            final = last_links(table, levels[-1], finishing, fewest_letters)
            targets = {state: levels[-1][state] for state in final}
            return [*links_into(levels, table, targets, cheapest_only=True), final]
        if len(levels) == max_words:
            break
        skipped.update(levels[-1])
        levels.append(next_level(levels[-1], table, skipped))
    return []


def exact_links(table: StepTable, full: Mask, n: int) -> list[dict[State, list[Link]]]:
    """Return the links that spell every solution of exactly n words (none: [])."""
    if n < 1 or not uses_every_letter(table):
        return []
    levels = [{START: 0}]
    finished = {letter << 26 | full for letter in range(26)}
    while levels[-1] and len(levels) < n:
        levels.append(next_level(levels[-1], table, finished))
    finishing = finishing_level(table, levels[-1])
    if not finishing:
        return []
    final = last_links(table, levels[-1], finishing, float("inf"))
    targets = {state: levels[-1][state] for state in final}
    return [*links_into(levels, table, targets, cheapest_only=False), final]


def chains(links: list[dict[State, list[Link]]]) -> list[tuple[Word, ...]]:
    """Return every chain of words that follows the links from START to the last level."""
    partial: list[tuple[tuple[Word, ...], State]] = [((), START)] if links else []
    for level_links in links:
        partial = [
            ((*chain, word), reached)
            for chain, state in partial
            for words, reached in level_links.get(state, ())
            for word in words
        ]
    return [chain for chain, _ in partial]


def first_chain(links: list[dict[State, list[Link]]]) -> tuple[Word, ...]:
    """Return the alphabetically first chain that follows the links from START."""
    state, chain = START, []
    for level_links in links:
        words, state = min(level_links[state])
        chain.append(words[0])
    return tuple(chain)


def chain_count(links: list[dict[State, list[Link]]]) -> int:
    """Return the number of chains that follow the links from START to the last level."""
    counts: dict[State, int] = {}  # the chains from each state on; a finished state ends one
    for level_links in reversed(links):
        counts = {
            state: sum(len(words) * counts.get(reached, 1) for words, reached in state_links)
            for state, state_links in level_links.items()
        }
    return counts.get(START, 0)


def fewest_letters_on(links: list[dict[State, list[Link]]]) -> list[dict[State, int]]:
    """Return, per level, the fewest letters that finish a chain from each state of the links."""
    after: dict[State, int] = {}  # a state the last level reaches is finished
    fewest = []
    for level_links in reversed(links):
        after = {
            state: min(len(words[0]) + after.get(reached, 0) for words, reached in state_links)
            for state, state_links in level_links.items()
        }
        fewest.append(after)
    return fewest[::-1]


def group_chains(
    links: list[dict[State, list[Link]]], letter_limit: float
) -> Iterator[tuple[tuple[Word, ...], ...]]:
    """Yield the chains of interchangeable word groups that follow the links from START and
    have at most letter_limit letters (a group's words have one length)."""
    fewest = fewest_letters_on(links)

    def walk(
        level: int, state: State, letters: int, groups: tuple[tuple[Word, ...], ...]
    ) -> Iterator[tuple[tuple[Word, ...], ...]]:
        if level == len(links):
            yield groups
            return
        for words, reached in links[level].get(state, ()):
            total = letters + len(words[0])
            rest = fewest[level + 1].get(reached, 0) if level + 1 < len(links) else 0
            if total + rest <= letter_limit:
                yield from walk(level + 1, reached, total, (*groups, words))

    if links:
        yield from walk(0, START, 0, ())


def commonest_chain(
    links: list[dict[State, list[Link]]], zipf: Mapping[Word, float], letter_limit: float
) -> tuple[Word, ...] | None:
    """Return the chain of the links (at most letter_limit letters) whose rarest word is the
    most common by Zipf frequency (a word zipf lacks is 0), then the one of fewest letters, then
    the highest Zipf in all, then the alphabetically first; None when no chain fits."""

    def commonest(group: tuple[Word, ...]) -> Word:
        return min(group, key=lambda word: (-zipf.get(word, 0.0), word))

    def rank(chain: tuple[Word, ...]) -> tuple[float, int, float, tuple[Word, ...]]:
        frequencies = [zipf.get(word, 0.0) for word in chain]
        letters = sum(map(len, chain))
        return (-min(frequencies), letters, -sum(frequencies), chain)

    candidates = (tuple(map(commonest, groups)) for groups in group_chains(links, letter_limit))
    return min(candidates, key=rank, default=None)


def best_chain(
    links: list[dict[State, list[Link]]], zipf: Mapping[Word, float] | None = None
) -> tuple[Word, ...]:
    """Return the best chain of non-empty links, whose chains all have the fewest words, then the
    fewest letters: the one whose rarest word is the commonest by Zipf frequency (a word `zipf`
    lacks is 0, as every word is without it), then the alphabetically first. This is the one
    tie-break of every best solution the project shows (solve, today, the page, generated boards).
    """
    if not zipf:
        return first_chain(links)
    rarest = commonest_rarest(links, zipf)
    state, chain = START, []
    for level, level_links in enumerate(links):
        onward = rarest[level + 1] if level + 1 < len(links) else None
        # the word determines the state it reaches: the alphabetically first word that keeps
        # the rarest word as common as the best chain's is the first word of that chain
        word, state = min(
            (word, reached)
            for words, reached in level_links[state]
            if onward is None or onward.get(reached, -math.inf) >= rarest[0][START]
            for word in words
            if zipf.get(word, 0.0) >= rarest[0][START]
        )
        chain.append(word)
    return tuple(chain)


def commonest_rarest(
    links: list[dict[State, list[Link]]], zipf: Mapping[Word, float]
) -> list[dict[State, float]]:
    """Return, per level, the Zipf frequency of the commonest rarest word of the chains from
    each state of the links to the last level."""
    after: dict[State, float] = {}  # a state the last level reaches is finished
    rarest = []
    for number, level_links in enumerate(reversed(links)):
        unfinished = -math.inf if number else math.inf  # a state no link leads on from
        after = {
            state: max(
                min(max(zipf.get(word, 0.0) for word in words), after.get(reached, unfinished))
                for words, reached in state_links
            )
            for state, state_links in level_links.items()
        }
        rarest.append(after)
    return rarest[::-1]


def rarest_zipf(solution: Solution, zipf: Mapping[Word, float]) -> float:
    """Return the Zipf frequency of a solution's rarest word (a word zipf lacks is 0)."""
    return min(zipf.get(word, 0.0) for word in solution.words)


def commonest_solution(
    board: Board,
    words: Iterable[str],
    zipf: Mapping[Word, float],
    word_count: int,
    letter_limit: int,
) -> Solution | None:
    """Return, among the solutions of exactly word_count words and at most letter_limit
    letters, the one whose rarest word is the most common (see commonest_chain)."""
    table = step_table(playable_words(board, words), board.mask, shortest_only=False)
    chain = commonest_chain(exact_links(table, board.mask, word_count), zipf, letter_limit)
    return Solution(chain) if chain else None


def board_links(
    board: Board, words: Iterable[str], max_words: int
) -> list[dict[State, list[Link]]]:
    """Return the links that spell the best solutions of a board within max_words words.

    Every archived board has a solution of at most two words, so those are found with array
    arithmetic first; the search by levels handles the rest.
    """
    return links_of(BoardWords.of(board, words), max_words)


def links_of(arrays: BoardWords, max_words: int) -> list[dict[State, list[Link]]]:
    """Return `board_links` of a board's playable words already made into arrays."""
    if max_words < 1:
        return []
    short = short_links(arrays, max_words)
    if short is not None:
        return short
    table = step_table(arrays.words, arrays.board.mask, shortest_only=True)
    return best_links(table, arrays.board.mask, max_words)


def search_links(
    board: Board, playable: list[Word], max_words: int
) -> list[dict[State, list[Link]]]:
    """Return the same links as board_links, for a board's playable words (distinct and sorted),
    by the search by levels alone: no arrays, so no numpy to load, and as fast for the few
    hundred words of one board of a list."""
    return best_links(step_table(playable, board.mask, shortest_only=True), board.mask, max_words)


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


def solve(
    board: Board,
    words: Iterable[str],
    max_words: int = DEFAULT_MAX_WORDS,
    zipf: Mapping[Word, float] | None = None,
) -> Solution | None:
    """Return the alphabetically first best solution (with `zipf`, the one whose rarest word is
    the commonest: see commonest_chain), or None if none has at most max_words."""
    links = board_links(board, words, max_words)
    if not links:
        return None
    return Solution(best_chain(links, zipf))


def solve_all(
    board: Board, words: Iterable[str], max_words: int = DEFAULT_MAX_WORDS
) -> list[Solution]:
    """Return every best solution with at most max_words words, sorted by words."""
    found = chains(board_links(board, words, max_words))
    return sorted((Solution(chain) for chain in found), key=lambda solution: solution.words)


def count_best(board: Board, words: Iterable[str], max_words: int = DEFAULT_MAX_WORDS) -> int:
    """Return the number of best solutions with at most max_words words, without listing them."""
    return chain_count(board_links(board, words, max_words))


def count_by_words(board: Board, words: Iterable[str], max_words: int) -> list[int]:
    """Return how many solutions have exactly 1, 2, .. max_words words, without listing them."""
    table = step_table(playable_words(board, words), board.mask, shortest_only=False)
    return [chain_count(exact_links(table, board.mask, n)) for n in range(1, max_words + 1)]


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


def solutions_with_words(board: Board, words: Iterable[str], n: int) -> list[Solution]:
    """Return every solution of exactly n words, sorted by letter count then words."""
    table = step_table(playable_words(board, words), board.mask, shortest_only=False)
    found = (Solution(chain) for chain in chains(exact_links(table, board.mask, n)))
    return sorted(found, key=lambda solution: (solution.letter_count, solution.words))
