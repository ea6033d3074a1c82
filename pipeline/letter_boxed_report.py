"""The exact solver against the NYT's own Letter Boxed solutions, over the archive."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import duckdb

from pipeline import progress, warehouse
from pipeline.reporting import markdown_table
from solvers import letter_boxed as lb


@dataclass(frozen=True)
class DaySolutions:
    """One archived day: the NYT's solution and the exact best with that day's dictionary."""

    date: object
    nyt_solution: tuple[str, ...]
    best: tuple[str, ...] | None
    best_count: int

    @property
    def nyt_letters(self) -> int:
        """Return the letter count of the NYT's solution."""
        return sum(map(len, self.nyt_solution))

    @property
    def best_letters(self) -> int | None:
        """Return the letter count of the best solution."""
        return sum(map(len, self.best)) if self.best else None


def archived_days(con: duckdb.DuckDBPyConnection) -> list[tuple]:
    """Return (date, board, NYT solution, dictionary) for every day with a known dictionary."""
    warehouse.require_tables(con, "letter_boxed_puzzles", stage_hint="pipeline scrape")
    rows = warehouse.run(con, "letter_boxed_archived_days").fetchall()
    return [(date, lb.parse_board(sides), tuple(nyt), words) for date, sides, nyt, words in rows]


def solve_archive(con: duckdb.DuckDBPyConnection) -> list[DaySolutions]:
    """Solve every archived day exactly with its own dictionary."""
    solved = []
    for date, board, nyt, words in progress.track(archived_days(con), "solving every archived day"):
        links = lb.board_links(board, words, lb.DEFAULT_MAX_WORDS)
        best = lb.first_chain(links) if links else None
        solved.append(DaySolutions(date, nyt, best, lb.chain_count(links) if links else 0))
    return solved


def nyt_solutions_markdown(days: list[DaySolutions]) -> str:
    """Return the minimum word counts and how the NYT's solutions compare with the best."""
    minimum = Counter(len(day.best) if day.best else None for day in days)
    compared = Counter(_comparison(day) for day in days)
    extra_letters = Counter(
        day.nyt_letters - day.best_letters
        for day in days
        if day.best
        and len(day.nyt_solution) == len(day.best)
        and day.nyt_letters > day.best_letters
    )
    parts = [
        f"## The NYT's own solutions against the exact solver ({len(days):,} days with a dictionary)",
        markdown_table(
            ["fewest words", "days"],
            [(k if k else "none within 6", v) for k, v in sorted(minimum.items(), key=str)],
        ),
        markdown_table(["NYT solution", "days"], sorted(compared.items())),
        markdown_table(["extra letters (same word count)", "days"], sorted(extra_letters.items())),
    ]
    return "\n\n".join(parts)


def _comparison(day: DaySolutions) -> str:
    """Return how a day's NYT solution compares with the best one."""
    if day.best is None:
        return "no solution found"
    if len(day.nyt_solution) > len(day.best):
        return "longer: more words"
    if day.nyt_letters > day.best_letters:
        return "longer: same words, more letters"
    return "one of the best"


def nyt_solution_rows(days: list[DaySolutions]) -> tuple[tuple[str, ...], list[tuple]]:
    """Return the per-day comparison as CSV columns and rows."""
    columns = (
        "date",
        "nyt_solution",
        "nyt_words",
        "nyt_letters",
        "best",
        "best_words",
        "best_letters",
        "best_count",
    )
    rows = [
        (
            day.date,
            " ".join(day.nyt_solution),
            len(day.nyt_solution),
            day.nyt_letters,
            " ".join(day.best or ()),
            len(day.best) if day.best else None,
            day.best_letters,
            day.best_count,
        )
        for day in days
    ]
    return columns, rows
