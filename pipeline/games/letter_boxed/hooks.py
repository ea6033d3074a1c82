"""Letter Boxed: what the game adds to each stage (its validation, source-day rows, verdicts,
stored day, today's text, and the report's section on the NYT's own solutions against the exact
solver over the archive)."""

from __future__ import annotations

import datetime as dt
import os
from collections import Counter
from collections.abc import Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pipeline import progress
from pipeline.games import LETTER_BOXED
from pipeline.games.hooks import GameHooks, ReportContext, StoredDay, comparison_lines, some_words
from pipeline.games.letter_boxed.records import BoxRecord
from pipeline.render.text import plural
from pipeline.storage import named_lists, warehouse
from pipeline.storage.warehouse import Connection
from pipeline.table import Table
from solvers import letter_boxed as lb
from solvers.letter_boxed import Board, is_playable, unplayable_reason
from solvers.masks import is_plain_word

if TYPE_CHECKING:
    import numpy as np

    from pipeline.games.api import GameApi
    from pipeline.games.game import Game
    from pipeline.model.evidence import Verdicts
    from pipeline.render.model import Section
    from pipeline.storage.reader import Reader

CSV_FILE = f"{LETTER_BOXED.slug}_nyt_solutions.csv"

# --- scrape: the puzzle rules and the source-day rows ------------------------------------------


def box_problems(rec: BoxRecord) -> list[str]:
    """Return what breaks the Letter Boxed rules in a record."""
    problems = _box_shape_problems(rec.sides)
    if problems:
        return problems  # the word rules mean nothing without a good box
    board = Board(rec.sides)
    return _solution_problems(rec, board) + _dictionary_problems(rec, board)


def _box_shape_problems(sides: tuple[str, ...]) -> list[str]:
    """Return what is wrong with the four sides of three letters."""
    problems = []
    if len(sides) != lb.SIDE_COUNT:
        problems.append(f"expected {lb.SIDE_COUNT} sides, got {len(sides)}")
    problems += [
        f"side {side!r} does not have {lb.SIDE_LENGTH} letters"
        for side in sides
        if len(side) != lb.SIDE_LENGTH
    ]
    letters = "".join(sides)
    if not is_plain_word(letters):
        problems.append(f"box letters {letters!r} are not all a-z")
    if len(letters) != lb.BOX_SIZE or len(set(letters)) != lb.BOX_SIZE:
        problems.append(f"box letters {letters!r} are not {lb.BOX_SIZE} distinct letters")
    return problems


def _solution_problems(rec: BoxRecord, board: Board) -> list[str]:
    """Return what keeps the NYT solution from solving the box."""
    words = rec.nyt_solution
    if not words:
        return ["the NYT solution is empty"]
    problems = []
    for word in words:
        reason = unplayable_reason(board, word)
        if reason:
            problems.append(f"NYT solution word {word!r}: {reason}")
    for previous, word in zip(words, words[1:], strict=False):
        if previous and word and previous[-1] != word[0]:
            problems.append(
                f"NYT solution word {word!r} does not start with the last letter of {previous!r}"
            )
    unused = sorted(set(board.letters) - set("".join(words)))
    if unused:
        problems.append(f"NYT solution leaves letters unused: {''.join(unused)}")
    return problems


def _dictionary_problems(rec: BoxRecord, board: Board) -> list[str]:
    """Return the dictionary words that cannot be played on the box, a few shown."""
    if lb.all_playable(board, rec.dictionary or ()):  # one scan; word by word only to name them
        return []
    unplayable = [word for word in rec.dictionary or () if not is_playable(board, word)]
    offending = [f"{word} ({unplayable_reason(board, word)})" for word in unplayable]
    return [f"dictionary words that break the rules: {some_words(offending)}"] if offending else []


def box_row(record: BoxRecord, url: str) -> dict:
    """Return a source-day row of the Letter Boxed staging table."""
    return {
        "date": record.date,
        "source": record.source,
        "sides": list(record.sides),
        "nyt_solution": list(record.nyt_solution),
        "par": record.par,
        "nyt_id": record.nyt_id,
        "dictionary": list(record.dictionary) if record.dictionary is not None else None,
        "yesterdays_sides": list(record.yesterdays_sides) if record.yesterdays_sides else None,
        "yesterdays_solution": list(record.yesterdays_solution)
        if record.yesterdays_solution
        else None,
        "url": url,
    }


# --- build: the verdicts ---------------------------------------------------------------------------


def letter_boxed_verdicts(con: Connection, as_of: dt.date, universe: list[str]) -> Verdicts:
    """Return the verdicts on the words each past box allowed: the solver's own playability test
    (solvers.letter_boxed.WordIndex) over the universe, box by box, against that day's NYT list."""
    import numpy as np

    from pipeline.model.evidence import Verdicts

    index = lb.WordIndex(universe, sorted_and_plain=True)  # the universe SQL sorts plain words
    if index.words != universe:
        raise RuntimeError("the universe is not sorted and plain: word ids would not match")
    boxes = warehouse.run(con, "build/letter_boxed_boxes", {"as_of": as_of}).fetchall()
    with ThreadPoolExecutor(max_workers=os.cpu_count()) as pool:  # numpy lets go of the GIL
        playable = list(pool.map(index.playable_indices, [lb.parse_board(s) for _, s in boxes]))
    day = np.concatenate(
        [
            np.full(len(found), day, dtype=np.int32)
            for (day, _), found in zip(boxes, playable, strict=True)
        ]
        or [np.zeros(0, np.int32)]
    )
    word_id = np.concatenate(playable or [np.zeros(0, np.int64)]).astype(np.int32)
    listed = warehouse.run(con, "build/letter_boxed_listed", {"as_of": as_of}).fetchnumpy()
    return Verdicts(day, word_id, pairs_in(day, word_id, listed["day"], listed["word_id"]))


def pairs_in(
    day: np.ndarray, word_id: np.ndarray, on_day: np.ndarray, on_word: np.ndarray
) -> np.ndarray:
    """Return, per (day, word id) pair (sorted), whether it is one of the (on_day, on_word) pairs."""
    import numpy as np

    keys = day.astype(np.int64) << 32 | word_id
    wanted = np.asarray(on_day).astype(np.int64) << 32 | np.asarray(on_word)
    found = np.zeros(len(keys), dtype=bool)
    if len(keys):
        at = np.searchsorted(keys, wanted).clip(max=len(keys) - 1)
        found[at[keys[at] == wanted]] = True
    return found


# --- scrape: which words entered or left the NYT's lists ----------------------------------------


def judge_listed_words(con: Connection) -> None:
    """Prepare what verdict_changes reads: every board where a word of some day's NYT list is
    playable, whether that day's list holds it, for the words some list left out once."""
    import numpy as np

    words = [word for (word,) in warehouse.run(con, "scrape/letter_boxed_listed_words").fetchall()]
    index = lb.WordIndex(words)
    sorted_words = np.array(words, dtype=object)
    listed_on = {
        date: np.searchsorted(sorted_words, np.array(day_words, dtype=object))
        for date, day_words in warehouse.run(con, "scrape/letter_boxed_listed_by_day").fetchall()
    }
    boards = warehouse.run(con, "scrape/letter_boxed_boards").fetchall()
    with ThreadPoolExecutor(max_workers=os.cpu_count()) as pool:  # numpy lets go of the GIL
        playable = list(pool.map(index.playable_indices, [lb.parse_board(s) for _, s in boards]))
    nothing = np.zeros(0, np.int64)
    listed = [listed_on.get(date, nothing) for date, _ in boards]
    left_out = [np.setdiff1d(found, day) for found, day in zip(playable, listed, strict=True)]
    changed = np.unique(np.concatenate(left_out or [nothing]))
    rows: dict[str, list] = {"date": [], "word": [], "accepted": []}
    for (date, _), found, day in zip(boards, playable, listed, strict=True):
        judged = found[np.isin(found, changed)]
        rows["date"] += [date] * len(judged)
        rows["word"] += [words[word_id] for word_id in judged.tolist()]
        rows["accepted"] += np.isin(judged, day).tolist()
    warehouse.hand_over(con, "judged_rows", rows)
    warehouse.run(con, "scrape/letter_boxed_judged")
    warehouse.release(con, "judged_rows")


# --- today -----------------------------------------------------------------------------------------


def stored_record(reader: Reader, date: dt.date | None) -> BoxRecord | None:
    """Return the stored board of a date, or the latest one when no date is given."""
    days = {"first": date, "last": date}
    rows = reader.query(LETTER_BOXED.query("today", "days"), days).rows
    if not rows:
        return None
    day, sides, solution, par, dictionary = rows[0]
    return BoxRecord(
        day, tuple(sides), tuple(solution), par, None,
        tuple(dictionary) if dictionary is not None else None, None, None, "warehouse",
    )  # fmt: skip


def words_for(words: Iterable[str], record: BoxRecord) -> list[str]:
    """Return the words of a list that a board allows."""
    return lb.WordIndex(list(words)).playable(lb.parse_board(list(record.sides)))


def day_lines(day: StoredDay, reveal: bool) -> list[str]:
    """Return the sides, par and fewest words (and the solutions if revealed)."""
    record = day.record
    assert isinstance(record, BoxRecord)
    known = record.dictionary is not None
    source = (
        "the NYT's word list of the day"
        if known
        else f"the custom dictionary ({day.expected_from})"
    )
    links, best = best_of_the_day(day)
    fewest = (
        f"{plural(len(best), 'word')} ({plural(lb.chain_count(links), 'best solution')})"
        if best
        else f"no solution within {lb.DEFAULT_MAX_WORDS} words"
    )
    lines = [
        "Sides: " + " / ".join(side.upper() for side in record.sides),
        f"Par: {record.par} words" if record.par else "Par: not published",
        f"Fewest words possible with {source}: {fewest}",
        f"The custom dictionary, {day.expected_from}, allows "
        f"{plural(len(day.expected), 'word')} on this board.",
    ]
    if reveal:
        lines += [
            "",
            "Best solution: " + (" - ".join(best) if best else "(none)"),
            "NYT's solution: " + (" - ".join(record.nyt_solution) or "(not published)"),
        ]
        if day.stored and known:
            lines += comparison_lines(day.expected, record.dictionary or (), "NYT word list")
    else:
        lines += ["", "(solutions hidden: --reveal shows them)"]
    return lines


def best_of_the_day(
    day: StoredDay, zipf: Mapping[str, float] | None = None
) -> tuple[Any, tuple[str, ...] | None]:
    """Return the board's solution links and the best solution (lb.best_chain: the one the page
    and `solve` show too), with the NYT's word list of the day when it is known, else the custom
    dictionary's words; `zipf`: the Zipf frequencies beside the custom list (read when None)."""
    record = day.record
    assert isinstance(record, BoxRecord)
    board = lb.parse_board(list(record.sides))
    words = list(record.dictionary) if record.dictionary is not None else day.expected
    links = lb.search_links(board, lb.playable_words(board, words), lb.DEFAULT_MAX_WORDS)
    if not links:
        return links, None
    return links, lb.best_chain(
        links, named_lists.zipf_lookup(LETTER_BOXED) if zipf is None else zipf
    )


def day_record(day: StoredDay, reveal: bool) -> dict:
    """Return what day_lines says as data (`pipeline today --json`): the sides, par, the fewest
    words and how many best solutions, the custom dictionary's word count on the board; the
    solutions only if revealed."""
    record = day.record
    assert isinstance(record, BoxRecord)
    links, best = best_of_the_day(day)
    described: dict[str, Any] = {
        "sides": list(record.sides),
        "par": record.par,
        "counted": "NYT word list" if record.dictionary is not None else "custom dictionary",
        "fewest_words": len(best) if best else None,
        "best_count": lb.chain_count(links) if best else 0,
        "expected": {"from": day.expected_from, "word_count": len(day.expected)},
    }
    if reveal:
        described["solution"] = list(best) if best else None
        described["nyt_solution"] = list(record.nyt_solution) or None
    return described


# --- explain ---------------------------------------------------------------------------------------


def listed(reader: Reader, word: str) -> dict:
    """Return on how many days an NYT Letter Boxed list had the word, the first and the last."""
    lists = reader.query("explain/letter_boxed_lists", {"word": word})
    _, days, first_listed, last_listed = lists.rows[0] if lists.rows else (word, 0, None, None)
    return {
        "nyt_letter_boxed_lists": {
            "days": days or 0,
            "first": str(first_listed) if days else None,
            "last": str(last_listed) if days else None,
        }
    }


def listed_line(found: dict) -> str:
    """Return the line saying on how many days an NYT Letter Boxed list had the word."""
    lists = found["nyt_letter_boxed_lists"]
    if not lists["days"]:
        return f"NYT {LETTER_BOXED.title} lists: never listed"
    return (
        f"NYT {LETTER_BOXED.title} lists: {lists['days']:,} days, first {lists['first']}, "
        f"last {lists['last']}"
    )


# --- report: the NYT's own solutions against the exact solver -------------------------------------


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
    from pipeline.render.model import Paragraph, Section

    archive = (LETTER_BOXED.table("puzzles"), LETTER_BOXED.table("dictionary"))
    if not all(warehouse.table_exists(con, table) for table in archive):
        return [
            Section(
                "letter-boxed-nyt-solutions",
                NYT_SOLUTIONS_HEADING,
                blocks=(Paragraph("No Letter Boxed archive: run `pipeline scrape letter-boxed`."),),
            )
        ]
    return solutions_sections(solve_archive(con), context.folder / CSV_FILE)


def solutions_sections(days: list[DaySolutions], path: object) -> list[Section]:
    """Return the sections on the archive's days solved exactly (the CSV file goes to `path`)."""
    from pipeline.render.model import Bars, Chart, Paragraph, Section, TableBlock

    summary = summarize(days)
    worse = [day for day in days if day.comparison != "one of the best"]
    record = {
        "days": len(days),
        "fewest_words": {str(k): v for k, v in summary.fewest_words},
        "comparisons": dict(summary.comparisons),
        "extra_letters": {str(k): v for k, v in summary.extra_letters},
        "file": str(path),
    }
    every_day = nyt_solution_rows(sorted(days, key=lambda day: str(day.date), reverse=True))
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
                    caption="Of the days the NYT's solution has the fewest words, how many letters "
                    "longer than the best it is.",
                    file=SECTION_FILES["extra-letters"],
                ),
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


def short_solutions_blocks(days: list[DaySolutions]) -> tuple:
    """Return the days by their number of two-word solutions: best unique, NYT's longer."""
    from pipeline.render.model import Paragraph, TableBlock

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


class LetterBoxedHooks(GameHooks):
    """What Letter Boxed adds to each stage."""

    staging_columns = (
        "date", "source", "sides", "nyt_solution", "par", "nyt_id", "dictionary",
        "yesterdays_sides", "yesterdays_solution", "url",
    )  # fmt: skip
    merges = (
        "scrape/letter_boxed_puzzles",
        "scrape/letter_boxed_dictionary",
        "scrape/quarantine_placeholder_boards",
        "scrape/letter_boxed_official_answers",
    )
    archive_tables = (LETTER_BOXED.table("puzzles"), LETTER_BOXED.table("dictionary"))
    explain_tables = (LETTER_BOXED.table("dictionary"),)

    problems = staticmethod(box_problems)
    judge = staticmethod(judge_listed_words)
    staging_row = staticmethod(box_row)
    verdicts = staticmethod(letter_boxed_verdicts)
    stored_record = staticmethod(stored_record)
    words_for = staticmethod(words_for)
    day_lines = staticmethod(day_lines)
    day_record = staticmethod(day_record)

    style_candidates = "boards made from the custom list in the NYT's letter style"

    def report_sections(self, con: Connection, context: ReportContext) -> list[Section]:
        return nyt_solutions_sections(con, context)

    def report_files(self) -> list[str]:
        return [*SECTION_FILES.values(), CSV_FILE]

    def api(self) -> GameApi:
        from pipeline.games.letter_boxed.api import API

        return API

    def evidence(self, reader: Reader, word: str) -> dict:
        return listed(reader, word)

    def evidence_lines(self, found: dict) -> list[str]:
        return [listed_line(found)]

    def style_inputs(self, con: Connection, game: Game, words: list[str]) -> Any:
        from pipeline.games.style import letter_boxed_inputs

        return letter_boxed_inputs(con, words)

    def fit_style(self, inputs: Any) -> Any:
        from pipeline.games.style import fit_letter_boxed_style

        return fit_letter_boxed_style(inputs)

    def store_style(self, con: Connection, game: Game, fitted: Any) -> None:
        from pipeline.games.style import store_letter_boxed_style

        store_letter_boxed_style(con, game, fitted)


HOOKS = LetterBoxedHooks()
