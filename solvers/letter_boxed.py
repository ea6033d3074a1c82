"""Letter Boxed: the board, its playable words, and the solutions with the fewest words.

A solution is a chain of words, each starting with the last letter of the word before, whose
last word is the first to bring the count of box letters used to all 12. The best solutions have
the fewest words, then the fewest letters (the joining letter counts in both words).

The search walks states (last letter, letters used) one word at a time. There are at most
12 * 4096 states, so the work and the memory are bounded whatever the word list or max_words.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from solvers.masks import ALL_LETTERS, Mask, Word, is_plain_word, letter_mask

__all__ = [
    "Board",
    "Solution",
    "WordIndex",
    "count_best",
    "count_by_words",
    "is_playable",
    "parse_board",
    "playable_words",
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

    Words are joined into one newline-separated text per first two letters. A playable word
    starts with two letters of the box from different sides (108 of the 676 pairs), so a board
    scans only those texts with one compiled regex; the lookahead first rejects, at C speed,
    the lines with a letter not on the box.
    """

    def __init__(self, words: Iterable[str]) -> None:
        by_opening: dict[str, list[Word]] = defaultdict(list)
        for word in {word.lower() for word in words}:
            if len(word) >= MIN_LENGTH and is_plain_word(word):
                by_opening[word[:2]].append(word)
        self.texts_by_opening = {
            opening: "\n" + "\n".join(sorted(group)) + "\n" for opening, group in by_opening.items()
        }

    def __len__(self) -> int:
        """Return the number of distinct words of at least 3 letters in the index."""
        return sum(text.count("\n") - 1 for text in self.texts_by_opening.values())

    def playable(self, board: Board) -> list[Word]:
        """Return the playable words of the index, sorted."""
        words_on_box = re.compile(
            f"\n(?=[{board.letters}]+\n)((?:{side_moves(board)}){{{MIN_LENGTH},}})(?=\n)"
        )
        found = []
        for first in board.letters:
            for second in board.letters:
                if side_of(board, first) != side_of(board, second):
                    found.extend(
                        words_on_box.findall(self.texts_by_opening.get(first + second, ""))
                    )
        return sorted(found)


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


def board_links(
    board: Board, words: Iterable[str], max_words: int
) -> list[dict[State, list[Link]]]:
    """Return the links that spell the best solutions of a board within max_words words."""
    table = step_table(playable_words(board, words), board.mask, shortest_only=True)
    return best_links(table, board.mask, max_words)


def solve(
    board: Board, words: Iterable[str], max_words: int = DEFAULT_MAX_WORDS
) -> Solution | None:
    """Return the alphabetically first best solution, or None if none has at most max_words."""
    links = board_links(board, words, max_words)
    return Solution(first_chain(links)) if links else None


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


def solutions_with_words(board: Board, words: Iterable[str], n: int) -> list[Solution]:
    """Return every solution of exactly n words, sorted by letter count then words."""
    table = step_table(playable_words(board, words), board.mask, shortest_only=False)
    found = (Solution(chain) for chain in chains(exact_links(table, board.mask, n)))
    return sorted(found, key=lambda solution: (solution.letter_count, solution.words))
