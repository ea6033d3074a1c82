"""Tests of the Letter Boxed solver against hand-made boards and independent brute force."""

from __future__ import annotations

import itertools
import json
import math
import os
import re
import time
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import letter_boxed as lb
from solvers.letter_boxed import (
    START,
    Board,
    BoardWords,
    Solution,
    WordIndex,
    count_best,
    count_by_words,
    fold_supersets,
    is_playable,
    pair_numbers,
    parse_board,
    playable_words,
    short_links,
    short_solution_counts,
    solutions_with_words,
    solve,
    solve_all,
    unplayable_reason,
)

BOARD = parse_board(["abc", "def", "ghi", "jkl"])
WORDS = [
    "adgjbeh",
    "hcfkil",
    "adgjbehk",
    "kcfil",
    "hcfkila",
    "adg",
    "gjbeh",
    "dagjbeheh",  # the letters and last letter of adgjbeh, but longer
    "ADGJ",  # upper case counts
    "adgj",  # duplicate
    "ab",  # too short
    "aab",  # two letters of one side in a row
    "abc",  # all from one side
    "xyz",  # not on the box
    "adgé",  # not a-z
]

MIRROR = os.environ.get("PIPELINE_MIRROR")
ARCHIVE = "raw.githubusercontent.com/simeydk/letterboxed/main/data/letterboxed"
WORDS_ALPHA = "raw.githubusercontent.com/dwyl/english-words/master/words_alpha.txt"
PLACEHOLDER_DAY = "2023-09-12"
needs_mirror = pytest.mark.skipif(
    not MIRROR, reason="PIPELINE_MIRROR is not set (the mirrored NYT archive and word list)"
)


# Independent brute force: plain sets and itertools, no masks and no search.


def brute_words(sides: list[str], words: list[str]) -> list[str]:
    """Return the distinct playable words, lowercased and sorted: three or more of the box's
    letters, no two in a row from one side (two regular expressions, so that the whole
    archive's lists are checked in a second)."""
    of_the_box = re.compile(f"[{''.join(sides)}]{{3,}}")
    two_from_one_side = re.compile("|".join(f"[{side}]{{2}}" for side in sides))
    lowered = {word.lower() for word in words}
    return sorted(
        word
        for word in lowered
        if of_the_box.fullmatch(word) and not two_from_one_side.search(word)
    )


def is_solution(sides: list[str], chain: tuple[str, ...]) -> bool:
    """Return True when linked words use every box letter, first of all with the last word."""
    box = set("".join(sides))
    linked = all(a[-1] == b[0] for a, b in zip(chain, chain[1:], strict=False))
    return linked and set("".join(chain)) == box and set("".join(chain[:-1])) != box


def brute_solutions(sides: list[str], words: list[str], n: int) -> set[tuple[str, ...]]:
    """Return every solution of exactly n words by trying every n-tuple of playable words."""
    playable = brute_words(sides, words)
    return {chain for chain in itertools.product(playable, repeat=n) if is_solution(sides, chain)}


def cost(chain: tuple[str, ...]) -> tuple[int, int]:
    """Return (word count, letter count), the order of best solutions."""
    return len(chain), sum(map(len, chain))


def best_of(chains: set[tuple[str, ...]]) -> set[tuple[str, ...]]:
    """Return the chains of least cost."""
    least = min(map(cost, chains), default=None)
    return {chain for chain in chains if cost(chain) == least}


def letter_bits(word: str) -> int:
    """Return an int with one bit per distinct letter, for the faster two-word brute force."""
    return sum(1 << (ord(letter) - 97) for letter in set(word))


def brute_best_short(sides: list[str], words: list[str]) -> set[tuple[str, ...]]:
    """Return the best solutions of one or two words: pairs meet where one ends, one starts."""
    playable = brute_words(sides, words)
    box = letter_bits("".join(sides))
    bits = {word: letter_bits(word) for word in playable}
    one: set[tuple[str, ...]] = {(word,) for word in playable if bits[word] == box}
    if one:
        return best_of(one)
    # Every pair is tried, a letter set at a time: the second words by first letter and letters.
    starting_with: dict[str, dict[int, list[str]]] = defaultdict(lambda: defaultdict(list))
    for word in playable:
        starting_with[word[0]][bits[word]].append(word)
    two: set[tuple[str, ...]] = set()
    for first in playable:
        missing = box & ~bits[first]
        for second_bits, seconds in starting_with[first[-1]].items():
            if second_bits & missing == missing:
                two.update((first, second) for second in seconds)
    return best_of(two)


def chains_of(solutions: list[Solution]) -> list[tuple[str, ...]]:
    """Return the word tuples of solutions, in order."""
    return [solution.words for solution in solutions]


# Boards.


def test_parse_board_lowercases_sides():
    assert parse_board(["ABC", "dEf", "ghi", "JKL"]) == Board(("abc", "def", "ghi", "jkl"))
    assert BOARD.letters == "abcdefghijkl"


@pytest.mark.parametrize(
    ("sides", "message"),
    [
        (["abc", "def", "ghi"], "A Letter Boxed board has exactly 4 sides, not 3."),
        ("abcdefghijkl", "A Letter Boxed board has exactly 4 sides, not 1."),
        (["abc", "def", "ghi", "jk"], "Side 4 ('jk') must have exactly 3 letters."),
        (["abcd", "def", "ghi", "jkl"], "Side 1 ('abcd') must have exactly 3 letters."),
        (["abc", "d-f", "ghi", "jkl"], "Side 2 ('d-f') must contain only the letters a-z."),
        (["abc", "def", "ghé", "jkl"], "Side 3 ('ghé') must contain only the letters a-z."),
        (["abc", "def", "ghi", "jka"], "The letter 'a' appears more than once on the box."),
        (["abc", "dEf", "ghi", "jke"], "The letter 'e' appears more than once on the box."),
    ],
)
def test_parse_board_rejects_bad_boxes(sides, message):
    with pytest.raises(ValueError) as error:
        parse_board(sides)
    assert str(error.value) == message


# Words.


def test_playable_words_are_lowercased_distinct_and_sorted():
    expected = [
        "adg",
        "adgj",
        "adgjbeh",
        "adgjbehk",
        "dagjbeheh",
        "gjbeh",
        "hcfkil",
        "hcfkila",
        "kcfil",
    ]
    assert playable_words(BOARD, WORDS) == expected
    assert WordIndex(WORDS).playable(BOARD) == expected
    assert len(WordIndex(WORDS)) == 12  # distinct plain lowercase words of 3+ letters


def test_playable_on_boards_finds_each_boards_words_as_one_board_alone():
    words = [*WORDS, "cab", "lid", "zoo", "aa", "bad", "fig", "jade"]
    index = WordIndex(words)
    other = parse_board(["ajb", "dgc", "ekl", "fhi"])  # the same letters, other sides
    apart = parse_board(["zox", "qrs", "tuv", "wyn"])  # other letters
    found = index.playable_on_boards([BOARD, other, apart, BOARD])
    assert [index.words[i] for i in found[0].tolist()] == playable_words(BOARD, words)
    assert [index.words[i] for i in found[1].tolist()] == ["hcfkil", "hcfkila", "lid"]
    assert [index.words[i] for i in found[2].tolist()] == ["xyz"]
    assert found[3].tolist() == found[0].tolist()
    assert index.playable_on_boards([]) == []


def test_unplayable_reason_names_the_broken_rule_and_agrees_with_is_playable():
    reasons = {word: unplayable_reason(BOARD, word) for word in WORDS}
    assert {word: reason for word, reason in reasons.items() if reason} == {
        "ADGJ": "not a-z",
        "ab": "shorter than 3 letters",
        "aab": "'aa' are on one side",
        "abc": "'ab' are on one side",
        "xyz": "uses 'xyz', not on the box",
        "adgé": "not a-z",
    }
    assert all((reason is None) == is_playable(BOARD, word) for word, reason in reasons.items())


def test_board_words_hold_box_local_arrays():
    arrays = BoardWords.of(BOARD, WORDS)
    assert arrays.words == playable_words(BOARD, WORDS)
    adg = arrays.words.index("adg")
    assert (arrays.first[adg], arrays.last[adg], arrays.length[adg]) == (0, 6, 3)
    assert arrays.mask[adg] == 0b1001001
    assert BoardWords.of(BOARD, ["kcfil", "ADGJ", "adgj\nhcfkil"]).words == ["adgj", "kcfil"]


def test_short_links_cover_one_and_two_words_only():
    links = short_links(BoardWords.of(BOARD, WORDS), max_words=6)
    assert links is not None and len(links) == 2
    assert sorted(words for words, _ in links[0][START]) == [("adgjbeh",), ("adgjbehk",)]
    assert short_links(BoardWords.of(BOARD, WORDS), max_words=1) is None
    assert short_links(BoardWords.of(BOARD, ["adg", "gjbeh", "hcfkil"]), max_words=6) is None


def test_pair_numbers_are_unordered_and_dense():
    numbers = pair_numbers()
    assert (numbers == numbers.T).all()
    assert sorted(set(numbers.flatten().tolist())) == list(range(351))


def test_same_side_pairs_of_boards_hold_each_side_s_pairs_and_doubles():
    boards = [BOARD, parse_board(["zyx", "mnq", "wvu", "tsr"])]
    rows = lb.same_side_pairs_of(boards)
    for board, row in zip(boards, rows, strict=True):
        held = [
            word * 64 + bit for word in range(6) for bit in range(64) if int(row[word]) >> bit & 1
        ]
        letters = [[ord(letter) - 97 for letter in side] for side in board.sides]
        pairs = {int(pair_numbers()[a, b]) for side in letters for a in side for b in side}
        assert held == sorted(pairs) and len(held) == 24  # 4 sides: 3 pairs and 3 doubles each
        assert (lb.same_side_pairs(board) == row).all()


# Solutions on the hand-made board.


def test_solve_finds_the_fewest_words_then_letters():
    best = solve(BOARD, WORDS)
    assert best == Solution(("adgjbeh", "hcfkil"))
    assert (best.word_count, best.letter_count) == (2, 13)


def test_solve_all_lists_every_tie():
    assert chains_of(solve_all(BOARD, WORDS)) == [("adgjbeh", "hcfkil"), ("adgjbehk", "kcfil")]
    assert count_best(BOARD, WORDS) == 2


def test_solutions_with_two_words_sorted_by_letters():
    assert chains_of(solutions_with_words(BOARD, WORDS, 2)) == [
        ("adgjbeh", "hcfkil"),
        ("adgjbehk", "kcfil"),
        ("adgjbeh", "hcfkila"),
        ("hcfkila", "adgjbeh"),
        ("dagjbeheh", "hcfkil"),
        ("hcfkila", "adgjbehk"),
        ("dagjbeheh", "hcfkila"),
    ]
    assert solutions_with_words(BOARD, WORDS, 1) == []
    assert solutions_with_words(BOARD, WORDS, 0) == []
    assert count_by_words(BOARD, WORDS, 3) == [
        len(solutions_with_words(BOARD, WORDS, n)) for n in (1, 2, 3)
    ]
    assert count_by_words(BOARD, [*WORDS, "adgjbehcfkil"], 2)[0] == 1


def test_a_one_word_solution_beats_any_pair():
    words = [*WORDS, "adgjbehcfkil"]
    assert solve_all(BOARD, words) == [Solution(("adgjbehcfkil",))]
    assert chains_of(solutions_with_words(BOARD, words, 1)) == [("adgjbehcfkil",)]


def test_three_words_when_no_pair_covers_the_box():
    words = ["adg", "gjbeh", "hcfkil"]
    assert solve_all(BOARD, words) == [Solution(("adg", "gjbeh", "hcfkil"))]
    assert solve(BOARD, words).letter_count == 14
    assert solve(BOARD, words, max_words=2) is None
    assert count_best(BOARD, words, max_words=2) == 0


def test_no_solution_is_none():
    assert solve(BOARD, ["adgjbeh", "hcfki"]) is None  # no word uses l
    assert solve_all(BOARD, []) == []
    assert solve(BOARD, WORDS, max_words=0) is None


def test_no_solution_is_quick_when_every_letter_is_used():
    # k and l only end words and no word starts with either, so both would have to end the chain.
    walks = ["".join(walk) for walk in itertools.product("abcdefghij", repeat=4)]
    words = [*walks, "adk", "bel"]
    started = time.process_time()  # this process's CPU: the same however busy the machine is
    assert solve(BOARD, words, max_words=8) is None
    assert solutions_with_words(BOARD, words, 3) == []
    assert time.process_time() - started < 5  # about 0.4 s of CPU


def test_brute_force_agrees_on_the_hand_made_board():
    sides = list(BOARD.sides)
    assert set(chains_of(solve_all(BOARD, WORDS))) == brute_best_short(sides, WORDS)
    for n in (1, 2, 3):
        expected = brute_solutions(sides, WORDS, n)
        assert set(chains_of(solutions_with_words(BOARD, WORDS, n))) == expected


# Random small boxes against brute force over every chain of up to 3 words.


@st.composite
def boxes_and_words(draw) -> tuple[list[str], list[str]]:
    """Draw a box of 12 of 15 letters and some words, mostly walks that obey the sides.

    Walks often start where the one before ended, so that chains, and ties, are common.
    """
    letters = draw(st.permutations("abcdefghijklmno"))[:12]
    sides = ["".join(letters[start : start + 3]) for start in range(0, 12, 3)]
    words, at = [], draw(st.integers(0, 11))
    for _ in range(draw(st.integers(0, 15))):
        at = draw(st.sampled_from([at, at, draw(st.integers(0, 11))]))
        walk = [at]
        for _ in range(draw(st.integers(2, 10))):
            at = draw(st.sampled_from([index for index in range(12) if index // 3 != at // 3]))
            walk.append(at)
        word = "".join(letters[index] for index in walk)
        words.append(word)
        words.append(draw(st.sampled_from([word, word.upper(), word + "z", word[::-1]])))
    words += draw(st.lists(st.text("abcdefghijklmnoz", min_size=1, max_size=5), max_size=4))
    return sides, words


@settings(max_examples=100, deadline=None)
@given(boxes_and_words())
def test_solver_matches_brute_force_on_random_boxes(box_and_words):
    sides, words = box_and_words
    board = parse_board(sides)
    assert playable_words(board, words) == brute_words(sides, words)
    assert WordIndex(words).playable(board) == brute_words(sides, words)
    for word in words:
        assert (unplayable_reason(board, word) is None) == is_playable(board, word)
    by_count = {n: brute_solutions(sides, words, n) for n in (1, 2, 3)}
    for n, expected in by_count.items():
        assert set(chains_of(solutions_with_words(board, words, n))) == expected
    for max_words in (1, 2, 3):
        expected = best_of(set().union(*(by_count[n] for n in range(1, max_words + 1))))
        assert chains_of(solve_all(board, words, max_words)) == sorted(expected)
        assert count_best(board, words, max_words) == len(expected)
        best = solve(board, words, max_words)
        assert (best.words if best else None) == min(expected, default=None)


def test_fold_supersets_combines_every_superset_row_into_each_row() -> None:
    # rows by 2-bit mask 00, 01, 10, 11; two columns folded apart
    table = np.array([[1, 10], [2, 20], [4, 40], [8, 80]])
    sums, least = table.copy(), table.copy()
    fold_supersets(sums, np.add)
    fold_supersets(least, np.minimum)
    assert sums.tolist() == [[15, 150], [10, 100], [12, 120], [8, 80]]
    assert least.tolist() == [[1, 10], [2, 20], [4, 40], [8, 80]]
    reverse = table[::-1].copy()  # 8 at mask 00, ..., 1 at mask 11
    fold_supersets(reverse, np.minimum)
    assert reverse.tolist() == [[1, 10], [1, 10], [1, 10], [1, 10]]


# The archive of NYT puzzles, with the words each day accepted.


@pytest.fixture(scope="module")
def archive() -> list[tuple[str, list[str], list[str], list[str]]]:
    """Return (date, sides, dictionary, NYT solution) of every real archived day."""
    days = []
    for path in sorted((Path(MIRROR or "") / ARCHIVE).glob("*.json")):
        if path.stem != PLACEHOLDER_DAY:
            day = json.loads(path.read_text())
            days.append((path.stem, day["sides"], day["dictionary"], day["ourSolution"]))
    return days


@needs_mirror
@pytest.mark.mirror
def test_archive_best_solutions_match_brute_force(archive):
    assert len(archive) > 1000
    for date, sides, dictionary, _ in archive[::6]:  # 196 boards: the brute force is slow
        lowered = [side.lower() for side in sides]
        expected = brute_best_short(lowered, dictionary)
        found = chains_of(solve_all(parse_board(sides), dictionary))
        if expected:
            assert set(found) == expected, date
        else:  # no solution of one or two words: the best needs more
            assert found and len(found[0]) > 2, date


@needs_mirror
@pytest.mark.mirror
def test_archive_nyt_solution_is_valid_and_never_shorter(archive):
    for date, sides, dictionary, nyt_solution in archive[::4]:  # 293 boards: the check is slow
        lowered = [side.lower() for side in sides]
        chain = tuple(word.lower() for word in nyt_solution)
        accepted = set(brute_words(lowered, dictionary))
        assert set(chain) <= accepted and is_solution(lowered, chain), date
        best = solve(parse_board(sides), dictionary)
        assert cost(chain) >= (best.word_count, best.letter_count), date


@needs_mirror
@pytest.mark.mirror
def test_word_index_matches_playable_words_on_a_big_list(archive):
    words = (Path(MIRROR) / WORDS_ALPHA).read_text().split()
    index = WordIndex(words)
    for _, sides, _, _ in archive[::300]:
        board = parse_board(sides)
        assert index.playable(board) == playable_words(board, words)


@pytest.mark.parametrize(
    "words",
    [
        WORDS,
        [*WORDS, "adgjbehcfkil", "kadgjbehcfil", "lifchebjgda"],  # one-word ones
        ["adg", "gjbeh", "hcfkil"],  # three words at least
        [],
    ],
)
def test_short_solution_counts_agree_with_the_search(words: list[str]) -> None:
    counts = short_solution_counts(BoardWords.of(BOARD, words))
    assert list(counts) == count_by_words(BOARD, words, 2)


def test_solution_counts_past_what_sixteen_bits_hold() -> None:
    # 70,000 words using every letter, all from letter 0, and "a" (letter 0 alone) before each
    many = 70_000
    mask = np.r_[1, np.full(many, lb.FULL_BOX)]
    first, last = np.zeros(many + 1, dtype=np.int64), np.zeros(many + 1, dtype=np.int64)
    assert lb.solution_counts(mask, first, last) == (many, many)


def test_the_commonest_chain_ranks_by_the_rarest_word_then_letters() -> None:
    board = lb.parse_board(["ozu", "nri", "lfa", "mbt"])
    words = ["forum", "frum", "furm", "mobilization"]
    zipf = {"forum": 4.38, "furm": 3.0, "frum": 2.43, "mobilization": 3.27}
    links = lb.board_links(board, words, 6)
    assert lb.commonest_chain(links, zipf, math.inf) == ("furm", "mobilization")
    assert lb.commonest_chain(links, {}, math.inf) == ("frum", "mobilization")  # alphabetical
    assert lb.commonest_solution(board, words, zipf, 2, 17) == lb.Solution(
        ("forum", "mobilization")
    )
    assert lb.commonest_solution(board, words, zipf, 2, 16) == lb.Solution(("furm", "mobilization"))
    assert lb.commonest_solution(board, words, zipf, 3, 30) is None
    assert lb.rarest_zipf(lb.Solution(("forum", "mobilization")), zipf) == 3.27
    # what `pipeline serve` reveals: the commonest best solution, else the alphabetically first
    assert lb.solve(board, words, zipf=zipf) == lb.Solution(("furm", "mobilization"))
    assert lb.solve(board, words) == lb.Solution(("frum", "mobilization"))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from([0.0, 1.5, 2.0, 3.5]), min_size=len(WORDS), max_size=len(WORDS)))
def test_the_commonest_chain_is_the_brute_force_s_among_every_solution(frequencies) -> None:
    """Over every solution of two words within one letter of the best (listed by the plain
    solver), the rank by rarest word, letters, total Zipf and words picks the same chain."""
    zipf = dict(zip(WORDS, frequencies, strict=True))
    best = solve(BOARD, WORDS)
    assert best is not None
    limit = best.letter_count + 1
    every = [s for s in solutions_with_words(BOARD, WORDS, 2) if s.letter_count <= limit]

    def rank(solution: Solution) -> tuple:
        values = [zipf[word] for word in solution.words]
        return (-min(values), solution.letter_count, -sum(values), solution.words)

    expected = min(every, key=rank) if every else None
    assert lb.commonest_solution(BOARD, WORDS, zipf, 2, limit) == expected


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from([0.0, 1.5, 2.0, 3.5]), min_size=len(WORDS), max_size=len(WORDS)),
    st.integers(min_value=1, max_value=4),
)
def test_the_best_chain_is_the_brute_force_s_by_the_one_tie_break(frequencies, max_words) -> None:
    """Among every best solution (fewest words, then letters: listed by solve_all), the one
    whose rarest word is the commonest, then the alphabetically first."""
    zipf = dict(zip(WORDS, frequencies, strict=True))
    every = solve_all(BOARD, WORDS, max_words)
    expected = min(every, key=lambda s: (-lb.rarest_zipf(s, zipf), s.words), default=None)
    assert solve(BOARD, WORDS, max_words, zipf=zipf) == expected
    assert solve(BOARD, WORDS, max_words) == (every[0] if every else None)  # alphabetical


def test_board_words_from_the_index_are_the_arrays_of_its_playable_words() -> None:
    index = lb.WordIndex([*WORDS, "cab", "lid", "zoo", "aa"])
    made = index.board_words(BOARD)
    expected = BoardWords.of(BOARD, index.playable(BOARD))
    assert list(made.words) == expected.words and made.words[1:3] == expected.words[1:3]
    for name in ("first", "last", "mask", "length"):
        assert getattr(made, name).tolist() == getattr(expected, name).tolist(), name
    assert lb.links_of(made, 6) == lb.board_links(BOARD, index.playable(BOARD), 6)


@needs_mirror
@pytest.mark.mirror
def test_the_search_by_levels_finds_the_links_of_the_arrays_on_archived_boards(archive):
    for date, sides, dictionary, _ in archive[::10]:  # 117 boards, about 2 s
        board = parse_board(sides)
        playable = playable_words(board, dictionary)
        by_search, by_arrays = (
            lb.search_links(board, playable, 6),
            lb.board_links(board, playable, 6),
        )
        assert sorted(lb.chains(by_search)) == sorted(lb.chains(by_arrays)), date
        assert lb.chain_count(by_search) == lb.chain_count(by_arrays), date
        assert lb.best_chain(by_search, ZIPF) == lb.best_chain(by_arrays, ZIPF), date


# Made-up frequencies: the commonest chain is not the alphabetically first one.
ZIPF = {"hop": 5.0, "chop": 4.0, "blacksmith": 3.0, "ohms": 1.0}
