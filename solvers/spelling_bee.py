"""Spelling Bee: the puzzle, and five solvers that find its answers in a word list.

A puzzle has 7 distinct letters, one of them in the center. An answer has at least 4 letters, uses
only the puzzle's letters (each as often as it likes) and contains the center letter.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from itertools import chain
from typing import Any, Protocol

from solvers.masks import Letters, Mask, Word, is_plain_word, letter_bit, letter_mask

MIN_LENGTH = 4
PUZZLE_SIZE = 7

# ---------------------------------------------------------------- the puzzle


@dataclass(frozen=True)
class Puzzle:
    """Seven distinct lowercase letters: one center letter and six others."""

    center: str
    others: Letters

    def __post_init__(self) -> None:
        error = puzzle_error(self.center, self.others)
        if error:
            raise ValueError(error)

    @cached_property
    def letters(self) -> Letters:
        """The seven letters, center first."""
        return self.center + self.others

    @cached_property
    def mask(self) -> Mask:
        """The mask of the seven letters."""
        return letter_mask(self.letters)

    @cached_property
    def center_bit(self) -> Mask:
        """The mask of the center letter."""
        return letter_bit(self.center)


def puzzle_error(center: str, others: str) -> str | None:
    """Return the one-sentence reason why these letters are not a puzzle, or None if they are."""
    if len(center) != 1:
        return f"The center must be exactly one letter, got {center!r}."
    bad = sorted({c for c in center + others if not ("a" <= c <= "z")})
    if bad:
        return f"Puzzle letters must be a-z, not {', '.join(map(repr, bad))}."
    if len(others) != PUZZLE_SIZE - 1:
        return f"Expected 6 other letters besides the center, got {len(others)} ({others!r})."
    repeated = sorted({c for c in others if others.count(c) > 1})
    if repeated:
        return f"The letter {repeated[0]!r} is repeated in {others!r}."
    if center in others:
        return f"The center letter {center!r} is also among the other letters {others!r}."
    return None


def make_puzzle(center: str, others: str) -> Puzzle:
    """Return the puzzle with this center and these six other letters (any case)."""
    return Puzzle(center.strip().lower(), others.strip().lower())


def parse_letters(letters: str) -> Puzzle:
    """Return the puzzle written as its seven letters, center first: 'entivcz' -> center 'e'."""
    letters = letters.strip().lower()
    if len(letters) != PUZZLE_SIZE:
        raise ValueError(
            f"Expected 7 letters with the center first, got {len(letters)} ({letters!r})."
        )
    return make_puzzle(letters[0], letters[1:])


def is_answer(word: str, puzzle: Puzzle) -> bool:
    """Return True when a word is an answer to the puzzle (the plain definition)."""
    return (
        len(word) >= MIN_LENGTH
        and is_plain_word(word)
        and puzzle.center in word
        and set(word) <= set(puzzle.letters)
    )


def is_candidate(word: str) -> bool:
    """Return True when a word could answer some puzzle: 4 plain letters or more, at most 7 of
    them distinct."""
    return len(word) >= MIN_LENGTH and is_plain_word(word) and len(set(word)) <= PUZZLE_SIZE


def candidate_words(words: Iterable[str]) -> list[Word]:
    """Return the distinct plain a-z words that could answer some puzzle, sorted.

    A candidate has at least 4 letters and at most 7 distinct ones; every solver starts from
    this same list, so they all see the same words.
    """
    long_enough = [w for w in words if len(w) >= MIN_LENGTH]
    if not is_plain_word("".join(long_enough)):  # one test in C when every word is plain
        long_enough = [w for w in long_enough if is_plain_word(w)]
    # Sorting before removing duplicates costs little on a list that comes sorted.
    return list(dict.fromkeys(sorted(w for w in long_enough if len(set(w)) <= PUZZLE_SIZE)))


def center_submasks(puzzle: Puzzle) -> list[Mask]:
    """Return the 64 masks made of the center and any subset of the other six letters (the
    puzzle's own mask last)."""
    masks = [puzzle.center_bit]
    for letter in puzzle.others:
        bit = letter_bit(letter)
        masks += [m | bit for m in masks]
    return masks


# ---------------------------------------------------------------- the solvers


class Solver(Protocol):
    """Anything built once from a word list that returns a puzzle's answers.

    The order of the answers is not promised (callers sort them for display): the prefix and
    radix trees find them alphabetically for free, the index by mask finds them by letter set.
    """

    def __init__(self, words: Iterable[str]) -> None: ...

    def solve(self, puzzle: Puzzle) -> list[Word]: ...


class NaiveSolver:
    """Check every word with set operations."""

    def __init__(self, words: Iterable[str]) -> None:
        self.words = candidate_words(words)

    def solve(self, puzzle: Puzzle) -> list[Word]:
        """Return the answers to the puzzle."""
        center, letters = puzzle.center, set(puzzle.letters)
        return [w for w in self.words if center in w and letters.issuperset(w)]


def outside_or_centerless(word: Mask, letters: Mask, center: Mask) -> Mask:
    """Return the sum of products (W & ~O) | (~W & C): zero iff the word is valid.

    W & ~O holds the word's letters outside the puzzle, ~W & C the center when the word lacks
    it, so the sum is zero exactly when W is a subset of O and W contains C. The form
    ~O & ((~W & C) | (W & ~C)) = ~O & (W ^ C) reduces to W & ~O when C is in O: it drops the
    center test, so it is not used here.
    """
    return (word & ~letters) | (~word & center)


def words_by_mask(
    words: Iterable[str], masks: Iterable[Mask] | None = None
) -> dict[Mask, tuple[Word, ...]]:
    """Return the candidate words grouped by letter mask, each group sorted.

    `masks`, when given, are the words' letter masks in the same order, and the words are sorted,
    distinct and plain (a stored word list has them so): the candidates are then picked by length
    and mask, with no letter looked at.
    """
    if masks is not None:
        return stored_words_by_mask(list(words), masks)
    groups: dict[Mask, list[Word]] = defaultdict(list)
    for word in candidate_words(words):
        groups[letter_mask(word)].append(word)
    return {mask: tuple(group) for mask, group in groups.items()}


def stored_words_by_mask(words: list[Word], masks: Iterable[Mask]) -> dict[Mask, tuple[Word, ...]]:
    """Return sorted, distinct, plain words with their masks grouped by mask (words_by_mask),
    picking and grouping them with array operations: no Python step per word but the last."""
    import numpy as np  # here, not at the top: solving one puzzle starts faster without it

    mask_array = np.fromiter(masks, dtype=np.int64, count=len(words))
    lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
    fits = (lengths >= MIN_LENGTH) & (np.bitwise_count(mask_array) <= PUZZLE_SIZE)
    kept = np.flatnonzero(fits)
    order = kept[np.argsort(mask_array[kept], kind="stable")]  # stable: each group stays sorted
    grouped_masks = mask_array[order]
    starts = np.flatnonzero(np.concatenate([[True], grouped_masks[1:] != grouped_masks[:-1]]))
    ends = np.append(starts[1:], len(order))
    grouped = [words[i] for i in order.tolist()]
    return {
        mask: tuple(grouped[start:end])
        for mask, start, end in zip(
            grouped_masks[starts].tolist(), starts.tolist(), ends.tolist(), strict=True
        )
    }


class BitwiseSolver:
    """Check every distinct letter mask with one sum-of-products test.

    words_alpha's 370k words have about 58k distinct candidate masks, so testing masks, not
    words, does about a sixth of the work.
    """

    def __init__(self, words: Iterable[str]) -> None:
        self.groups = list(words_by_mask(words).items())

    def solve(self, puzzle: Puzzle) -> list[Word]:
        """Return the answers to the puzzle."""
        outside, center = ~puzzle.mask, puzzle.center_bit
        # Inlined outside_or_centerless(m, mask, center) == 0, for speed.
        return [w for m, group in self.groups if not ((m & outside) | (~m & center)) for w in group]


Trie = dict[str, Any]  # letter -> child trie; END -> the word that ends here
END = ""


def make_trie(words: Iterable[Word]) -> Trie:
    """Return a prefix tree (nested dicts) holding the words."""
    root: Trie = {}
    for word in words:
        node = root
        for letter in word:
            node = node.setdefault(letter, {})
        node[END] = word
    return root


class TrieSolver:
    """Walk a prefix tree, descending only into the puzzle's letters."""

    def __init__(self, words: Iterable[str]) -> None:
        self.root = make_trie(candidate_words(words))

    def solve(self, puzzle: Puzzle) -> list[Word]:
        """Return the answers to the puzzle."""
        center, letters = puzzle.center, sorted(puzzle.letters)
        answers: list[Word] = []

        def visit(node: Trie, has_center: bool) -> None:
            # Emitting a node's word before its children, in alphabetical order, keeps it sorted.
            if has_center and END in node:
                answers.append(node[END])
            for letter in letters:
                child = node.get(letter)
                if child is not None:
                    visit(child, has_center or letter == center)

        visit(self.root, False)
        return answers


@dataclass(slots=True)
class RadixNode:
    """A node of a radix tree: the word ending here, and edges keyed by their first letter."""

    word: Word | None
    edges: dict[str, tuple[str, Mask, RadixNode]]  # first letter -> (label, label mask, child)


def make_radix_tree(trie: Trie) -> RadixNode:
    """Return the radix tree of a prefix tree: each chain of single-child nodes becomes one edge."""
    node = RadixNode(trie.get(END), {})
    for letter, child in trie.items():
        if letter == END:
            continue
        label = letter
        while len(child) == 1 and END not in child:
            ((next_letter, child),) = child.items()
            label += next_letter
        node.edges[letter] = (label, letter_mask(label), make_radix_tree(child))
    return node


class RadixSolver:
    """Walk a radix tree (a trie whose edges carry strings), following only allowed labels."""

    def __init__(self, words: Iterable[str]) -> None:
        self.root = make_radix_tree(make_trie(candidate_words(words)))

    def solve(self, puzzle: Puzzle) -> list[Word]:
        """Return the answers to the puzzle."""
        outside, center, letters = ~puzzle.mask, puzzle.center_bit, sorted(puzzle.letters)
        answers: list[Word] = []

        def visit(node: RadixNode, has_center: bool) -> None:
            if has_center and node.word is not None:
                answers.append(node.word)
            edges = node.edges
            for letter in letters:
                edge = edges.get(letter)
                if edge is not None and not edge[1] & outside:
                    visit(edge[2], has_center or bool(edge[1] & center))

        visit(self.root, False)
        return answers


class SubsetSolver:
    """Look up the words of each of the 64 letter sets a puzzle allows, in an index by mask."""

    def __init__(self, words: Iterable[str], masks: Iterable[Mask] | None = None) -> None:
        self.index = words_by_mask(words, masks)

    def solve(self, puzzle: Puzzle) -> list[Word]:
        """Return the answers to the puzzle."""
        # map/filter/chain keep the 64 lookups in C. No sort: sorting the ~165 answers of a
        # typical puzzle took half of the time, and order is the caller's business.
        return list(chain.from_iterable(filter(None, map(self.index.get, center_submasks(puzzle)))))


SOLVERS: dict[str, type[Solver]] = {
    "naive": NaiveSolver,
    "bitwise": BitwiseSolver,
    "trie": TrieSolver,
    "radix": RadixSolver,
    "subsets": SubsetSolver,
}
