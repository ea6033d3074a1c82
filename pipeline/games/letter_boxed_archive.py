"""The exact solver against the NYT's own Letter Boxed solutions, over the archive."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pipeline import progress
from pipeline.games import LETTER_BOXED
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection, Table
from solvers import letter_boxed as lb

CSV_FILE = f"{LETTER_BOXED.slug}_nyt_solutions.csv"


@dataclass(frozen=True)
class DaySolutions:
    """One archived day: the NYT's solution and the exact best with that day's dictionary."""

    date: object
    nyt_solution: tuple[str, ...]
    best: tuple[str, ...] | None
    best_count: int
    one_word_solutions: int = 0
    two_word_solutions: int = 0

    @property
    def nyt_letters(self) -> int:
        """Return the letter count of the NYT's solution."""
        return sum(map(len, self.nyt_solution))

    @property
    def best_letters(self) -> int | None:
        """Return the letter count of the best solution."""
        return sum(map(len, self.best)) if self.best else None

    @property
    def comparison(self) -> str:
        """Return how the NYT's solution compares with the best one."""
        if self.best is None:
            return "no solution found"
        if len(self.nyt_solution) > len(self.best):
            return "longer: more words"
        if self.nyt_letters > sum(map(len, self.best)):
            return "longer: same words, more letters"
        return "one of the best"

    @property
    def extra_letters(self) -> int:
        """Return the letters the NYT's solution has beyond a best one of as many words (else 0)."""
        if self.best is None or len(self.nyt_solution) != len(self.best):
            return 0
        return max(self.nyt_letters - sum(map(len, self.best)), 0)


def archived_days(con: Connection) -> list[tuple]:
    """Return (date, board, NYT solution, dictionary) for every day with a known dictionary."""
    warehouse.require_tables(con, LETTER_BOXED.table("puzzles"), stage_hint="pipeline scrape")
    rows = warehouse.query(con, "report/letter_boxed_archived_days").rows
    return [
        (date, lb.parse_board(sides), tuple(nyt), words.split("\n"))
        for date, sides, nyt, words in rows
    ]


def solve_archive(con: Connection) -> list[DaySolutions]:
    """Solve every archived day exactly with its own dictionary; count its 1- and 2-word solutions."""
    solved = []
    for date, board, nyt, words in progress.track(archived_days(con), "solving every archived day"):
        arrays = lb.BoardWords.of(board, words)
        links = best_links(arrays)
        best = lb.first_chain(links) if links else None
        one_word, two_words = lb.short_solution_counts(arrays)
        count = lb.chain_count(links) if links else 0
        solved.append(DaySolutions(date, nyt, best, count, one_word, two_words))
    return solved


def best_links(arrays: lb.BoardWords) -> list[dict[lb.State, list[lb.Link]]]:
    """Return the links of a board's best solutions, as `lb.board_links` does: from the arrays
    already made when a solution has at most two words (every archived day has one), else by
    the full search."""
    short = lb.short_links(arrays, lb.DEFAULT_MAX_WORDS)
    if short is not None:
        return short
    return lb.board_links(arrays.board, arrays.words, lb.DEFAULT_MAX_WORDS)


def nyt_solution_rows(days: list[DaySolutions]) -> Table:
    """Return the per-day comparison: the NYT's solution against the best, one row per day."""
    columns = (
        "date",
        "nyt_solution",
        "nyt_words",
        "nyt_letters",
        "best",
        "best_words",
        "best_letters",
        "best_count",
        "one_word_solutions",
        "two_word_solutions",
    )
    rows = [(*solution_sizes(day), day.one_word_solutions, day.two_word_solutions) for day in days]
    return Table(columns, rows)


def solution_sizes(day: DaySolutions) -> tuple:
    """Return a day's date, the NYT's solution and the best one with their words and letters,
    and how many best solutions there are."""
    return (
        day.date,
        " ".join(day.nyt_solution),
        len(day.nyt_solution),
        day.nyt_letters,
        " ".join(day.best or ()),
        len(day.best) if day.best else None,
        day.best_letters,
        day.best_count,
    )


@dataclass(frozen=True)
class SolutionSummary:
    """How many days each fewest word count, comparison and letter surplus has."""

    fewest_words: list[tuple[int | str, int]]
    comparisons: list[tuple[str, int]]
    extra_letters: list[tuple[int, int]]


def summarize(days: list[DaySolutions]) -> SolutionSummary:
    """Return the days counted by the best solution's words, the comparison and extra letters."""
    minimum = Counter(len(day.best) if day.best else None for day in days)
    compared = Counter(day.comparison for day in days)
    extra_letters = Counter(day.extra_letters for day in days if day.extra_letters)
    return SolutionSummary(
        [(k if k else "none within 6", v) for k, v in sorted(minimum.items(), key=str)],
        sorted(compared.items()),
        sorted(extra_letters.items()),
    )
