"""Letter Boxed: the board, its playable words, and the solutions with the fewest words.

A solution is a chain of words, each starting with the last letter of the word before, whose
last word is the first to bring the count of box letters used to all 12. The best solutions have
the fewest words, then the fewest letters (the joining letter counts in both words).

The parts: the rules (`rules`: the board, playability), the search by levels (`levels`), the
two-word path over numpy arrays (`two_words`), the links both return and the chains read from
them (`links`), and the index of a big word list (`word_index`). This module answers with them,
and every name its importers use is here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from solvers.letter_boxed.levels import best_links, exact_links, search_links, step_table
from solvers.letter_boxed.links import (
    START,
    Link,
    State,
    best_chain,
    chain_count,
    chains,
    commonest_chain,
    rarest_zipf,
)
from solvers.letter_boxed.rules import (
    BOX_SIZE,
    DEFAULT_MAX_WORDS,
    FULL_BOX,
    MIN_LENGTH,
    SIDE_COUNT,
    SIDE_LENGTH,
    Board,
    Solution,
    all_playable,
    is_playable,
    parse_board,
    playable_words,
    unplayable_reason,
)
from solvers.letter_boxed.two_words import (
    BoardWords,
    fold_supersets,
    short_links,
    short_solution_counts,
    solution_counts,
    solution_counts_by_board,
)
from solvers.letter_boxed.word_index import (
    WordIndex,
    box_letters,
    pair_numbers,
    same_side_pairs,
    same_side_pairs_of,
    submasks,
)
from solvers.masks import Word

__all__ = [
    "BOX_SIZE",
    "DEFAULT_MAX_WORDS",
    "FULL_BOX",
    "MIN_LENGTH",
    "SIDE_COUNT",
    "SIDE_LENGTH",
    "START",
    "Board",
    "BoardWords",
    "Link",
    "Solution",
    "State",
    "WordIndex",
    "all_playable",
    "best_chain",
    "board_links",
    "box_letters",
    "chain_count",
    "chains",
    "commonest_chain",
    "commonest_solution",
    "count_best",
    "count_by_words",
    "fold_supersets",
    "is_playable",
    "links_of",
    "pair_numbers",
    "parse_board",
    "playable_words",
    "rarest_zipf",
    "same_side_pairs",
    "same_side_pairs_of",
    "search_links",
    "short_links",
    "short_solution_counts",
    "solution_counts",
    "solution_counts_by_board",
    "solutions_with_words",
    "solve",
    "solve_all",
    "submasks",
    "unplayable_reason",
]


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


def solutions_with_words(board: Board, words: Iterable[str], n: int) -> list[Solution]:
    """Return every solution of exactly n words, sorted by letter count then words."""
    table = step_table(playable_words(board, words), board.mask, shortest_only=False)
    found = (Solution(chain) for chain in chains(exact_links(table, board.mask, n)))
    return sorted(found, key=lambda solution: (solution.letter_count, solution.words))


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
