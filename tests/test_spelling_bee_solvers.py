"""The Spelling Bee puzzle, its bad inputs, and the five solvers against the plain definition."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.masks import ALPHABET, letter_mask
from solvers.spelling_bee import (
    SOLVERS,
    BitwiseSolver,
    Puzzle,
    candidate_words,
    center_submasks,
    is_answer,
    make_puzzle,
    outside_or_centerless,
    parse_letters,
    words_by_mask,
)

# The NYT puzzle of 2024-09-18: center C, others A P T M H U; pangram MATCHUP.
PUZZLE = make_puzzle("c", "aptmhu")
WORDS = [
    "matchup", "captcha", "catchup", "catch", "champ", "cutup", "hutch",
    "chap", "chum", "much",
    "math",  # no center
    "cat", "cc",  # too short
    "chomp", "catcher",  # letters outside the puzzle
    "Catch", "CHAMP", "catch-up", "mutt's", "chäp", "", "catch\r",  # not plain a-z
    "chap",  # a duplicate
]  # fmt: skip
ANSWERS = [
    "captcha", "catch", "catchup", "champ", "chap", "chum", "cutup", "hutch", "matchup", "much",
]  # fmt: skip

# The NYT puzzle of 2025-03-12, the first with an S: center F, others A B L O S U.
S_PUZZLE = parse_letters("fablosu")
S_WORDS = ["fabulous", "bluffs", "fuss", "sofa", "oafs", "flus", "bass", "fusses", "self", "sofas"]
S_ANSWERS = ["bluffs", "fabulous", "flus", "fuss", "oafs", "sofa", "sofas"]


def test_puzzle_fields() -> None:
    assert Puzzle("c", "aptmhu") == PUZZLE
    assert PUZZLE.letters == "captmhu"
    assert PUZZLE.mask == letter_mask("achmptu")
    assert PUZZLE.center_bit == 1 << 2


def test_upper_case_and_single_argument_forms() -> None:
    assert make_puzzle("C", "APTMHU") == PUZZLE
    assert make_puzzle(" c ", "aptmhu\n") == PUZZLE
    assert parse_letters("captmhu") == PUZZLE
    assert parse_letters("ENTIVCZ") == Puzzle("e", "ntivcz")


@pytest.mark.parametrize(
    ("center", "others", "message"),
    [
        ("c", "aptmh", r"Expected 6 other letters besides the center, got 5 \('aptmh'\)\."),
        ("c", "aptmhuo", r"Expected 6 other letters besides the center, got 7"),
        ("c", "aptmha", r"The letter 'a' is repeated in 'aptmha'\."),
        ("c", "ap1mh-", r"Puzzle letters must be a-z, not '-', '1'\."),
        ("c", "aptmhü", r"Puzzle letters must be a-z, not 'ü'\."),
        ("c", "apt mh", r"Puzzle letters must be a-z, not ' '\."),
        ("c", "aptmhc", r"The center letter 'c' is also among the other letters 'aptmhc'\."),
        ("", "aptmhu", r"The center must be exactly one letter, got ''\."),
        ("ca", "ptmhue", r"The center must be exactly one letter, got 'ca'\."),
        ("7", "aptmhu", r"Puzzle letters must be a-z, not '7'\."),
    ],
)
def test_make_puzzle_errors(center: str, others: str, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}"):
        make_puzzle(center, others)


@pytest.mark.parametrize(
    ("letters", "message"),
    [
        ("captmh", r"Expected 7 letters with the center first, got 6 \('captmh'\)\."),
        ("captmhue", r"Expected 7 letters with the center first, got 8"),
        ("", r"Expected 7 letters with the center first, got 0"),
        ("captmha", r"The letter 'a' is repeated"),
        ("captmhc", r"The center letter 'c' is also among the other letters"),
        ("capt.hu", r"Puzzle letters must be a-z, not '\.'\."),
    ],
)
def test_parse_letters_errors(letters: str, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}"):
        parse_letters(letters)


def test_the_dataclass_itself_refuses_bad_letters() -> None:
    with pytest.raises(ValueError, match="repeated"):
        Puzzle("c", "aaaaaa")


def test_candidate_words() -> None:
    assert candidate_words(["ab", "abcd", "Abcd", "abcdefgh", "abcdefg", "abcd", "a-bc"]) == [
        "abcd",
        "abcdefg",
    ]


def test_words_by_mask_groups_candidates_by_letter_set() -> None:
    assert words_by_mask(["chap", "chomp", "hatch", "pacha", "cat", "Chap", "chap"]) == {
        letter_mask("chap"): ("chap", "pacha"),
        letter_mask("chomp"): ("chomp",),
        letter_mask("hatch"): ("hatch",),
    }


def test_words_by_mask_from_stored_masks_picks_the_same_candidates() -> None:
    stored = sorted({"ab", "abcd", "abcdefg", "abcdefgh", "chap", "pacha", "hatch"})
    masks = [letter_mask(word) for word in stored]
    assert words_by_mask(stored, masks) == words_by_mask(stored)


def test_center_submasks() -> None:
    masks = center_submasks(PUZZLE)
    assert len(set(masks)) == 64
    assert all(m & PUZZLE.center_bit and m & ~PUZZLE.mask == 0 for m in masks)


@pytest.mark.parametrize("name", SOLVERS)
def test_solver_answers(name: str) -> None:
    assert sorted(SOLVERS[name](WORDS).solve(PUZZLE)) == ANSWERS


@pytest.mark.parametrize("name", SOLVERS)
def test_solver_handles_s(name: str) -> None:
    assert sorted(SOLVERS[name](S_WORDS).solve(S_PUZZLE)) == S_ANSWERS


@pytest.mark.parametrize("name", SOLVERS)
def test_solver_on_empty_and_unrelated_lists(name: str) -> None:
    assert SOLVERS[name]([]).solve(PUZZLE) == []
    assert SOLVERS[name](S_WORDS).solve(PUZZLE) == []


@pytest.mark.parametrize("name", SOLVERS)
def test_solver_is_reusable(name: str) -> None:
    solver = SOLVERS[name](WORDS + S_WORDS)
    assert sorted(solver.solve(S_PUZZLE)) == S_ANSWERS
    assert sorted(solver.solve(PUZZLE)) == ANSWERS
    assert sorted(solver.solve(S_PUZZLE)) == S_ANSWERS


def test_solver_names() -> None:
    assert list(SOLVERS) == ["naive", "bitwise", "trie", "radix", "subsets"]


def small_masks(bits: int = 5) -> range:
    """Return every mask over the first few letters."""
    return range(1 << bits)


def test_sum_of_products_is_the_plain_definition() -> None:
    for letters in small_masks():
        for center in (1 << i for i in range(5) if letters >> i & 1):
            for word in small_masks():
                valid = word & ~letters == 0 and word & center != 0
                assert (outside_or_centerless(word, letters, center) == 0) == valid


def test_the_seed_form_drops_the_center_test() -> None:
    # ~O & ((~W & C) | (W & ~C)) equals W & ~O whenever C is one of O's letters ...
    for letters in small_masks():
        for center in (1 << i for i in range(5) if letters >> i & 1):
            for word in small_masks():
                seed = ~letters & ((~word & center) | (word & ~center))
                assert seed == word & ~letters
    # ... so alone it would accept "math", which lacks the center C.
    math = letter_mask("math")
    assert ~PUZZLE.mask & ((~math & PUZZLE.center_bit) | (math & ~PUZZLE.center_bit)) == 0
    assert outside_or_centerless(math, PUZZLE.mask, PUZZLE.center_bit) != 0
    assert "math" not in BitwiseSolver(WORDS).solve(PUZZLE)


@st.composite
def puzzles(draw: st.DrawFn) -> Puzzle:
    """Draw a random puzzle; half of them are forced to contain an S."""
    letters = draw(st.lists(st.sampled_from(ALPHABET), min_size=7, max_size=7, unique=True))
    if draw(st.booleans()) and "s" not in letters:
        letters[draw(st.integers(0, 6))] = "s"
    return Puzzle(letters[0], "".join(letters[1:]))


@st.composite
def puzzles_and_words(draw: st.DrawFn) -> tuple[Puzzle, list[str]]:
    """Draw a puzzle and a word list made mostly of its letters, with others and junk."""
    puzzle = draw(puzzles())
    extra = "".join(draw(st.lists(st.sampled_from(ALPHABET), min_size=1, max_size=3)))
    near = st.text(alphabet=puzzle.letters, min_size=1, max_size=10)
    mixed = st.text(alphabet=puzzle.letters + extra, min_size=1, max_size=10)
    junk = st.text(alphabet=puzzle.letters + puzzle.letters.upper() + "é1-' \r", max_size=10)
    words = draw(st.lists(st.one_of(near, near, mixed, junk), max_size=60))
    return puzzle, words


@settings(max_examples=300, deadline=None)
@given(puzzles_and_words())
def test_solvers_agree_with_the_definition(case: tuple[Puzzle, list[str]]) -> None:
    puzzle, words = case
    letters, center = set(puzzle.letters), puzzle.center
    expected = sorted({w for w in words if len(w) >= 4 and center in w and set(w) <= letters})
    assert expected == sorted({w for w in words if is_answer(w, puzzle)})
    for name, solver in SOLVERS.items():
        assert sorted(solver(words).solve(puzzle)) == expected, name
