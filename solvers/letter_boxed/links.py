"""The links the searches return, and the chains of words read from them.

A link leads from a search state (the last letter and the letters used so far) to the next one
by playing any of its words; a level's links lead from the states one word in. The best
solutions are the chains that follow the links from START to the last level: listed, counted, or
the one best by the project's one tie-break (`best_chain`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping

from solvers.letter_boxed.rules import Solution
from solvers.masks import Word

# A search state packs the last letter (0-25; START_LETTER before the first word) above the mask.
State = int
# A link leads from a state to the next one by playing any of its words.
Link = tuple[tuple[Word, ...], State]

START_LETTER = 26
START = START_LETTER << 26


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
