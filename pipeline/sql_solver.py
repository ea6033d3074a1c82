"""The SQL Spelling Bee solver: DuckDB over packed masks, one query for many puzzles."""

from __future__ import annotations

import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

import duckdb

from pipeline import warehouse
from solvers.masks import Word
from solvers.spelling_bee import Puzzle, candidate_words


def load_candidate_words(con: duckdb.DuckDBPyConnection, words: Iterable[str]) -> int:
    """Create the table candidate_words(word, letter_mask) from a word list; return its size."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "words.txt"
        path.write_text("\n".join(candidate_words(words)) + "\n")
        warehouse.run(con, "candidate_words_load", {"words_file": str(path)})
    return con.execute("SELECT count(*) FROM candidate_words").fetchone()[0]


def solve_puzzles(con: duckdb.DuckDBPyConnection, puzzles: Sequence[Puzzle]) -> list[list[Word]]:
    """Return the sorted answers of every puzzle, in order, from one query."""
    con.execute(
        "CREATE OR REPLACE TEMP TABLE puzzles_to_solve (puzzle_id INTEGER, center VARCHAR, others VARCHAR)"
    )
    con.executemany(
        "INSERT INTO puzzles_to_solve VALUES (?, ?, ?)",
        [(number, puzzle.center, puzzle.others) for number, puzzle in enumerate(puzzles)],
    )
    answers: list[list[Word]] = [[] for _ in puzzles]
    for number, word in warehouse.run(con, "spelling_bee_solve").fetchall():
        answers[number].append(word)
    return answers


class SqlSolver:
    """Solve puzzles with one DuckDB query over an in-memory table of packed masks."""

    def __init__(self, words: Iterable[str]) -> None:
        self.con = duckdb.connect()
        load_candidate_words(self.con, words)

    def solve(self, puzzle: Puzzle) -> list[Word]:
        """Return the sorted answers to the puzzle."""
        return solve_puzzles(self.con, [puzzle])[0]

    def solve_many(self, puzzles: Sequence[Puzzle]) -> list[list[Word]]:
        """Return the sorted answers of many puzzles from a single query."""
        return solve_puzzles(self.con, puzzles)
