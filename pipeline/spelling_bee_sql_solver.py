"""The SQL Spelling Bee solver: DuckDB over packed masks, one query for many puzzles."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pipeline import warehouse
from solvers.masks import Word
from solvers.spelling_bee import Puzzle, candidate_words


class SqlSolver:
    """Solve puzzles with one DuckDB query over an in-memory table of packed masks."""

    def __init__(self, words: Iterable[str]) -> None:
        self.con = warehouse.in_memory()
        warehouse.hand_over(self.con, "word_list", {"word": candidate_words(words)})
        warehouse.run(self.con, "solve/candidate_words")

    def close(self) -> None:
        """Close the in-memory database."""
        self.con.close()

    def __enter__(self) -> SqlSolver:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

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
        answers: list[list[Word]] = [[] for _ in puzzles]
        for number, word in warehouse.run(
            self.con, "solve/spelling_bee_answers_by_puzzle"
        ).fetchall():
            answers[number].append(word)
        return answers
