"""The search by levels: the best solutions of a board's words, one word at a time.

The search walks states (last letter, letters used) one word at a time. There are at most
12 * 4096 states, so the work and the memory are bounded whatever the word list or max_words.
It needs no numpy: one board of a list is solved by it alone (`search_links`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from solvers.letter_boxed.links import START, START_LETTER, Link, State
from solvers.letter_boxed.rules import Board
from solvers.masks import ALL_LETTERS, Mask, Word, letter_mask

# A step plays one group of interchangeable words: same first and last letter, same letters used
# and same length. It is (last letter << 26 | letters used, word length, the words).
Step = tuple[State, int, tuple[Word, ...]]


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


def search_links(
    board: Board, playable: list[Word], max_words: int
) -> list[dict[State, list[Link]]]:
    """Return the same links as board_links, for a board's playable words (distinct and sorted),
    by the search by levels alone: no arrays, so no numpy to load, and as fast for the few
    hundred words of one board of a list."""
    return best_links(step_table(playable, board.mask, shortest_only=True), board.mask, max_words)
