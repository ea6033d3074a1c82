"""The SQL solver agrees with the five Python solvers, one puzzle at a time and in one query."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.solve.sql_solver import SqlSolver, group_sorted
from solvers.spelling_bee import SOLVERS, Puzzle, make_puzzle
from tests.test_spelling_bee_solvers import puzzles, puzzles_and_words


def test_sql_solver_on_a_known_puzzle() -> None:
    words = ["catchup", "match", "chat", "cat", "math", "champ", "pouch", "HATCH", "hatch"]
    solver = SqlSolver(words)
    assert solver.solve(make_puzzle("c", "aptmhu")) == [
        "catchup",
        "champ",
        "chat",
        "hatch",
        "match",
    ]


@settings(max_examples=60, deadline=None)
@given(puzzles_and_words())
def test_all_six_solvers_agree(case: tuple[Puzzle, list[str]]) -> None:
    puzzle, words = case
    expected = sorted(SOLVERS["subsets"](words).solve(puzzle))
    assert SqlSolver(words).solve(puzzle) == expected
    for name, solver in SOLVERS.items():
        assert sorted(solver(words).solve(puzzle)) == expected, name


@settings(max_examples=20, deadline=None)
@given(puzzles_and_words(), st.lists(puzzles(), min_size=1, max_size=8))
def test_one_query_answers_many_puzzles_in_order(case, more: list[Puzzle]) -> None:
    first, words = case
    batch = [first, *more]
    python = SOLVERS["subsets"](words)
    assert SqlSolver(words).solve_many(batch) == [sorted(python.solve(puzzle)) for puzzle in batch]


def test_group_sorted_sorts_each_puzzle_and_keeps_empty_ones() -> None:
    numbers = np.array([2, 0, 2, 0])
    words = np.array(["much", "chap", "catch", "aaaa"], dtype=object)
    assert group_sorted(numbers, words, 4) == [["aaaa", "chap"], [], ["catch", "much"], []]
    assert group_sorted(numbers[:0], words[:0], 2) == [[], []]
