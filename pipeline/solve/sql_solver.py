"""The SQL Spelling Bee solver: DuckDB over packed masks, one query for many puzzles."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from pipeline.storage import warehouse
from pipeline.storage.closing import Closing
from solvers.masks import Word
from solvers.spelling_bee import Puzzle, candidate_words


class SqlSolver(Closing):
    """Solve puzzles with one DuckDB query over an in-memory table of packed masks."""

    def __init__(self, words: Iterable[str]) -> None:
        self.con = warehouse.in_memory()
        warehouse.hand_over(self.con, "word_list", {"word": candidate_words(words)})
        warehouse.run(self.con, "solve/candidate_words")

    def close(self) -> None:
        """Close the in-memory database."""
        self.con.close()

    def solve(self, puzzle: Puzzle) -> list[Word]:
        """Return the sorted answers to the puzzle."""
        return self.solve_many([puzzle])[0]

    def solve_many(self, puzzles: Sequence[Puzzle]) -> list[list[Word]]:
        """Return the sorted answers of many puzzles from a single query."""
        warehouse.hand_over(
            self.con,
            "puzzles_to_solve",
            {
                "puzzle_id": list(range(len(puzzles))),
                "center": [puzzle.center for puzzle in puzzles],
                "others": [puzzle.others for puzzle in puzzles],
            },
        )
        warehouse.run(self.con, "solve/spelling_bee_solutions")
        rows = warehouse.run(self.con, "solve/spelling_bee_solution_rows").fetchnumpy()
        return group_sorted(rows["puzzle_id"], rows["word"], len(puzzles))


def group_sorted(numbers: np.ndarray, words: np.ndarray, count: int) -> list[list[Word]]:
    """Return the words of each of count puzzles (by number), each puzzle's words sorted."""
    order = np.argsort(numbers, kind="stable")
    numbers, words = numbers[order], words[order]
    cuts = np.flatnonzero(np.diff(numbers)) + 1
    answers: list[list[Word]] = [[] for _ in range(count)]
    if not len(numbers):
        return answers
    for start, group in zip(np.r_[0, cuts].tolist(), np.split(words, cuts), strict=True):
        answers[int(numbers[start])] = sorted(group.tolist())
    return answers
