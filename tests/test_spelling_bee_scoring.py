"""Spelling Bee scoring, ranks, answer order and hints, on a real puzzle with exact values."""

from __future__ import annotations

import pytest

from solvers.masks import letter_mask
from solvers.spelling_bee import make_puzzle
from solvers.spelling_bee_scoring import (
    RANKS,
    ScoredSubsetSolver,
    display_order,
    format_hint_grid,
    hint_grid,
    is_pangram,
    is_pangram_set,
    order_answers,
    rank_thresholds,
    score_answers,
    total_score,
    two_letter_list,
    word_points,
    word_score,
)

# The NYT puzzle of 2024-09-18: center C, others A P T M H U; pangram MATCHUP.
PUZZLE = make_puzzle("c", "aptmhu")
WORDS = [
    "captcha", "catch", "catchup", "champ", "chap", "chum", "cutup", "hutch", "matchup", "much",
]  # fmt: skip
# Its official answers, as the NYT published them that morning: 24 words, 106 points.
OFFICIAL = [
    "attach", "camp", "captcha", "catch", "catchup", "champ", "chap", "chat", "chum", "chump",
    "chuppah", "cuppa", "cutup", "hatch", "hutch", "match", "matcha", "matchup", "much", "pact",
    "patch", "tach", "tact", "thatch",
]  # fmt: skip


@pytest.mark.parametrize(
    ("word", "points"),
    [("chap", 1), ("much", 1), ("catch", 5), ("cutup", 5), ("captcha", 7), ("matchup", 14)],
)
def test_word_score(word: str, points: int) -> None:
    assert word_score(word, PUZZLE) == points
    assert word_score(word, "captmhu") == points
    assert word_score(word, "ACHMPTU") == points


def test_short_words_score_nothing() -> None:
    assert word_score("cat", PUZZLE) == 0


def test_pangrams() -> None:
    assert is_pangram("matchup", PUZZLE)
    assert is_pangram("matchup", "achmptu")
    assert not is_pangram("catchup", PUZZLE)  # no M
    assert not is_pangram("captcha", PUZZLE)


def test_total_score() -> None:
    assert total_score(WORDS, PUZZLE) == 7 + 5 + 7 + 5 + 1 + 1 + 5 + 5 + 14 + 1 == 51
    assert total_score(OFFICIAL, PUZZLE) == 106
    assert len(OFFICIAL) == 24
    assert total_score([], PUZZLE) == 0


def test_ranks() -> None:
    assert [pct for _, pct in RANKS] == [0, 2, 5, 8, 15, 25, 40, 50, 70, 100]
    assert rank_thresholds(100) == [
        ("Beginner", 0), ("Good Start", 2), ("Moving Up", 5), ("Good", 8), ("Solid", 15),
        ("Nice", 25), ("Great", 40), ("Amazing", 50), ("Genius", 70), ("Queen Bee", 100),
    ]  # fmt: skip


def test_rank_thresholds_round_half_up() -> None:
    assert dict(rank_thresholds(106)) == {
        "Beginner": 0, "Good Start": 2, "Moving Up": 5, "Good": 8, "Solid": 16,
        "Nice": 27, "Great": 42, "Amazing": 53, "Genius": 74, "Queen Bee": 106,
    }  # fmt: skip
    assert dict(rank_thresholds(51)) == {
        "Beginner": 0, "Good Start": 1, "Moving Up": 3, "Good": 4, "Solid": 8,
        "Nice": 13, "Great": 20, "Amazing": 26, "Genius": 36, "Queen Bee": 51,
    }  # fmt: skip
    assert dict(rank_thresholds(50))["Moving Up"] == 3  # 2.5 rounds up, not to even
    assert dict(rank_thresholds(10))["Nice"] == 3  # 2.5 again
    assert rank_thresholds(0) == [(name, 0) for name, _ in RANKS]


def test_rank_thresholds_match_the_float_formula() -> None:
    for total in range(0, 1000):
        expected = [(name, int(total * pct / 100 + 0.5)) for name, pct in RANKS]
        assert rank_thresholds(total) == expected


def test_order_answers() -> None:
    assert order_answers(WORDS, PUZZLE) == [
        "matchup", "captcha", "catchup", "catch", "champ", "cutup", "hutch", "chap", "chum", "much",
    ]  # fmt: skip


def test_hint_grid() -> None:
    grid = hint_grid(WORDS)
    assert grid.letters == ["c", "h", "m"]
    assert grid.lengths == [4, 5, 6, 7]
    assert grid.counts == {
        ("c", 4): 2, ("c", 5): 3, ("c", 7): 2, ("h", 5): 1, ("m", 4): 1, ("m", 7): 1,
    }  # fmt: skip
    assert grid.row_totals == {"c": 7, "h": 1, "m": 2}
    assert grid.column_totals == {4: 3, 5: 4, 6: 0, 7: 3}
    assert grid.total == 10


def test_format_hint_grid() -> None:
    assert format_hint_grid(hint_grid(WORDS)) == (
        "     4  5  6  7  Σ\n"
        "C:   2  3  -  2  7\n"
        "H:   -  1  -  -  1\n"
        "M:   1  -  -  1  2\n"
        "Σ:   3  4  -  3 10"
    )
    assert format_hint_grid(hint_grid(OFFICIAL)) == (
        "     4  5  6  7  Σ\n"
        "A:   -  -  1  -  1\n"
        "C:   4  5  -  3 12\n"
        "H:   -  2  -  -  2\n"
        "M:   1  1  1  1  4\n"
        "P:   1  1  -  -  2\n"
        "T:   2  -  1  -  3\n"
        "Σ:   8  9  3  4 24"
    )


def test_empty_hint_grid() -> None:
    grid = hint_grid([])
    assert (grid.letters, grid.lengths, grid.total) == ([], [], 0)
    assert format_hint_grid(grid) == "     Σ\nΣ:   -"


def test_two_letter_list() -> None:
    assert two_letter_list(WORDS) == [
        ("ca", 3), ("ch", 3), ("cu", 1), ("hu", 1), ("ma", 1), ("mu", 1),
    ]  # fmt: skip
    assert two_letter_list(OFFICIAL) == [
        ("at", 1), ("ca", 4), ("ch", 6), ("cu", 2), ("ha", 1), ("hu", 1),
        ("ma", 3), ("mu", 1), ("pa", 2), ("ta", 2), ("th", 1),
    ]  # fmt: skip


def test_word_points_have_no_bonus() -> None:
    assert [word_points(w) for w in ["cat", "chap", "catch", "matchup"]] == [0, 1, 5, 7]


def test_display_order_is_longest_then_alphabetical() -> None:
    assert display_order(["much", "catch", "chap", "cutup", "captcha"]) == [
        "captcha", "catch", "cutup", "chap", "much",
    ]  # fmt: skip


def test_scored_subset_solver_matches_scoring_word_by_word() -> None:
    words = [*OFFICIAL, "math", "chomp", "cat"]
    solver = ScoredSubsetSolver(words)
    found = solver.solve_scored(PUZZLE)
    assert found == score_answers(solver.solve(PUZZLE), PUZZLE)
    assert found.words == order_answers(OFFICIAL, PUZZLE)
    assert found.pangrams == ["matchup"]
    assert found.total == 106
    assert list(found.scores) == found.words
    assert found.scores["matchup"] == 14 and found.scores["chap"] == 1


def test_a_letter_set_of_seven_is_a_pangram_wherever_it_is_an_answer() -> None:
    for word in OFFICIAL:
        assert is_pangram_set(letter_mask(word)) == is_pangram(word, PUZZLE)


def test_scored_subset_solver_from_stored_masks() -> None:
    words = sorted({*OFFICIAL, "math", "chomp", "cat"})
    masks = [letter_mask(word) for word in words]
    assert ScoredSubsetSolver(words, masks).solve_scored(PUZZLE) == ScoredSubsetSolver(
        words
    ).solve_scored(PUZZLE)


def test_scored_subset_solver_ranks_every_word_in_display_order_and_scores_each() -> None:
    words = [*OFFICIAL, "math", "chomp", "cat"]
    solver = ScoredSubsetSolver(words)
    assert solver.words == display_order([w for w in words if w != "cat"])
    assert solver.points == [word_score(word, PUZZLE) for word in solver.words]  # matchup: 14
    chat = [solver.words[rank] for rank in solver.ranks[letter_mask("chat")]]
    assert chat == ["attach", "thatch", "catch", "hatch", "chat", "tach"]  # one letter set
    assert solver.solve(PUZZLE) == solver.solve_scored(PUZZLE).words


def test_scored_subset_solver_takes_a_list_already_in_display_order() -> None:
    ranked = display_order(OFFICIAL)
    solver = ScoredSubsetSolver(ranked, map(letter_mask, ranked), in_display_order=True)
    assert solver.solve_scored(PUZZLE) == ScoredSubsetSolver(OFFICIAL).solve_scored(PUZZLE)


def test_scored_subset_solver_of_no_word_scores_nothing() -> None:
    for words in ([], ["cat", "a"]):  # nothing, or nothing of 4 letters
        found = ScoredSubsetSolver(words).solve_scored(PUZZLE)
        assert (found.words, found.scores, found.pangrams, found.total) == ([], {}, [], 0)
