"""The rules of Letter Boxed: the board, its solutions, and which words can be played on it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from solvers.masks import Mask, Word, is_plain_word, letter_mask

Side = str

SIDE_COUNT = 4
SIDE_LENGTH = 3
BOX_SIZE = SIDE_COUNT * SIDE_LENGTH
FULL_BOX = (1 << BOX_SIZE) - 1  # every letter of the box, in box-local bits
MIN_LENGTH = 3
DEFAULT_MAX_WORDS = 6


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


def side_of(board: Board, letter: str) -> int:
    """Return the index of the side that holds a letter of the box."""
    return next(number for number, side in enumerate(board.sides) if letter in side)
