"""Letter Boxed's own section of `pipeline report`: the NYT's own solutions against the exact
solver, every archived day with the NYT's list solved exactly (fewest words, then letters)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pipeline import progress
from pipeline.games import LETTER_BOXED
from pipeline.games.hooks import ReportContext
from pipeline.render.model import Bars, Chart, Paragraph, Section, TableBlock
from pipeline.storage import named_lists, warehouse
from pipeline.storage.warehouse import Connection
from pipeline.table import Table
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
    zipf = named_lists.zipf_lookup(LETTER_BOXED)
    for date, board, nyt, words in progress.track(archived_days(con), "solving every archived day"):
        arrays = lb.BoardWords.of(board, words)
        links = lb.links_of(arrays, lb.DEFAULT_MAX_WORDS)
        best = lb.best_chain(links, zipf) if links else None
        one_word, two_words = lb.short_solution_counts(arrays)
        count = lb.chain_count(links) if links else 0
        solved.append(DaySolutions(date, nyt, best, count, one_word, two_words))
    return solved


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
        [
            (k if k else f"none within {lb.DEFAULT_MAX_WORDS}", v)
            for k, v in sorted(minimum.items(), key=str)
        ],
        sorted(compared.items()),
        sorted(extra_letters.items()),
    )


SECTION_FILES = {
    table: f"{LETTER_BOXED.slug}_{table.replace('-', '_')}.csv"
    for table in ("fewest-words", "comparisons", "extra-letters", "not-best", "two-word-solutions")
}
TWO_WORD_BUCKETS = ((0, 0), (1, 1), (2, 5), (6, 20), (21, 100), (101, None))
NYT_SOLUTIONS_HEADING = "The NYT's own solutions against the exact solver"


def nyt_solutions_sections(con: Connection, context: ReportContext) -> list[Section]:
    """Return how the NYT's own solutions compare with the exact best, over every archived day
    with the NYT's list (solved here: the report's slowest part)."""
    archive = (LETTER_BOXED.table("puzzles"), LETTER_BOXED.table("dictionary"))
    if not all(warehouse.table_exists(con, table) for table in archive):
        nothing = Paragraph("No Letter Boxed archive: run `pipeline scrape letter-boxed`.")
        return [Section("letter-boxed-nyt-solutions", NYT_SOLUTIONS_HEADING, blocks=(nothing,))]
    return solutions_sections(solve_archive(con), context.folder / CSV_FILE)


def solutions_sections(days: list[DaySolutions], path: object) -> list[Section]:
    """Return the sections on the archive's days solved exactly (the CSV file goes to `path`)."""
    summary = summarize(days)
    record = {
        "days": len(days),
        "fewest_words": {str(k): v for k, v in summary.fewest_words},
        "comparisons": dict(summary.comparisons),
        "extra_letters": {str(k): v for k, v in summary.extra_letters},
        "file": str(path),
    }
    return [
        Section(
            "letter-boxed-nyt-solutions",
            f"{NYT_SOLUTIONS_HEADING} ({len(days):,} days with a dictionary)",
            blocks=(
                Paragraph(
                    f"Every archived day with the NYT's word list ({len(days):,} days) solved "
                    "exactly with that list: fewest words, then fewest letters, against the NYT's "
                    "own solution."
                ),
                Chart(
                    "nyt-solutions",
                    "The NYT's solution against the best one",
                    Bars(
                        tuple((label, (("day", count),)) for label, count in summary.comparisons),
                        noun=True,
                    ),
                    caption="Days by how the NYT's own solution compares with the best solution of "
                    "its list (fewest words, then letters): neither way is better, it shows how the "
                    "NYT picks.",
                ),
                *summary_tables(summary),
                *day_tables(days),
            ),
            record_key="nyt_solutions",
            record=record,
        ),
        Section(
            "letter-boxed-short-solutions",
            "How many short solutions each day's list allows",
            level=3,
            blocks=short_solutions_blocks(days),
        ),
    ]


def summary_tables(summary: SolutionSummary) -> tuple[TableBlock, ...]:
    """Return the days counted by their fewest words, comparison and extra letters."""
    return (
        TableBlock(
            "fewest-words",
            Table(("fewest words", "days"), [(str(k), v) for k, v in summary.fewest_words]),
            caption="Days by the fewest words that solve the board with the NYT's list.",
            file=SECTION_FILES["fewest-words"],
        ),
        TableBlock(
            "comparisons",
            Table(("NYT solution", "days"), summary.comparisons),
            caption="The chart's days as a table.",
            file=SECTION_FILES["comparisons"],
        ),
        TableBlock(
            "extra-letters",
            Table(("extra letters (same word count)", "days"), summary.extra_letters),
            caption="Of the days the NYT's solution has the fewest words, how many letters longer "
            "than the best it is.",
            file=SECTION_FILES["extra-letters"],
        ),
    )


def day_tables(days: list[DaySolutions]) -> tuple[TableBlock, ...]:
    """Return the days the NYT's solution is not one of the best, and every day."""
    worse = [day for day in days if day.comparison != "one of the best"]
    every_day = nyt_solution_rows(sorted(days, key=lambda day: str(day.date), reverse=True))
    return (
        TableBlock(
            "not-best",
            nyt_solution_rows(worse),
            caption=f"The days the NYT's solution is not one of the best ({len(worse):,}).",
            collapsed=len(worse) > 20,
            file=SECTION_FILES["not-best"],
        ),
        TableBlock(
            "every-day",
            nyt_solution_rows(days),
            every_day,
            caption=f"Every day ({len(days):,}), newest first.",
            file=CSV_FILE,
            collapsed=True,
        ),
    )


def short_solutions_blocks(days: list[DaySolutions]) -> tuple:
    """Return the days by their number of two-word solutions: best unique, NYT's longer."""

    rows = []
    for low, high in TWO_WORD_BUCKETS:
        bucket = [
            day
            for day in days
            if low <= day.two_word_solutions and (high is None or day.two_word_solutions <= high)
        ]
        label = f"{low}+" if high is None else str(low) if low == high else f"{low}-{high}"
        rows.append(
            (
                label,
                len(bucket),
                sum(day.best_count == 1 for day in bucket),
                sum(day.comparison.startswith("longer") for day in bucket),
            )
        )
    one_word = sum(day.one_word_solutions > 0 for day in days)
    headers = ("two-word solutions", "days", "best solution unique", "NYT's solution longer")
    return (
        Paragraph(
            f"Days whose list allows a one-word solution: {one_word:,} of {len(days):,}; days "
            f"with a unique best solution: {sum(day.best_count == 1 for day in days):,}."
        ),
        TableBlock(
            "two-word-solutions",
            Table(headers, rows),
            caption="Days by how many two-word solutions the NYT's list allows: the fewer, the "
            "harder the board.",
            file=SECTION_FILES["two-word-solutions"],
        ),
    )


def report_files() -> list[str]:
    """Return the files the game's own report sections write."""
    return [*SECTION_FILES.values(), CSV_FILE]
