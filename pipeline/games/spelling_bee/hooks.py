"""Spelling Bee: what the game adds to each stage (its validation, source-day rows, verdicts,
stored day, today's text and its own report sections).

The honeycomb space (`pipeline analyze spelling-bee`, and the report's section on the NYT's
puzzles among every honeycomb) lives beside it in `games/honeycombs.py`.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from pipeline.games import SPELLING_BEE
from pipeline.games.hooks import GameHooks, ReportContext, StoredDay, comparison_lines, some_words
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.render.text import plural
from pipeline.sources.records import NYTBEE
from pipeline.storage import warehouse
from solvers import spelling_bee_scoring as scoring
from solvers.masks import is_plain_word, letter_mask
from solvers.spelling_bee import MIN_LENGTH, Puzzle, make_puzzle

if TYPE_CHECKING:
    from pipeline.games.api import GameApi
    from pipeline.games.game import Game
    from pipeline.model.evidence import Verdicts
    from pipeline.render.model import Section
    from pipeline.storage.reader import Reader
    from pipeline.storage.warehouse import Connection

# --- scrape: the puzzle rules and the source-day rows ------------------------------------------


def bee_problems(rec: BeeRecord) -> list[str]:
    """Return what breaks the Spelling Bee rules in a record."""
    problems = _bee_letter_problems(rec)
    if problems:
        return problems  # the word rules mean nothing without seven good letters
    return problems + _bee_answer_problems(rec) + _pangram_problems(rec) + _count_problems(rec)


def _bee_letter_problems(rec: BeeRecord) -> list[str]:
    """Return what is wrong with the center and the six other letters."""
    problems = []
    if not is_plain_word(rec.letters):
        problems.append(f"letters {rec.letters!r} are not all a-z")
    if len(rec.center) != 1:
        problems.append(f"center {rec.center!r} is not one letter")
    elif rec.center in rec.others:
        problems.append(f"center {rec.center!r} is also among the others {rec.others!r}")
    if len(rec.letters) != 7 or len(set(rec.letters)) != 7:
        problems.append(f"letters {rec.letters!r} are not 7 distinct letters")
    return problems


def _bee_answer_problems(rec: BeeRecord) -> list[str]:
    """Return the answers that break a word rule, and the duplicated answers."""
    if not rec.answers:
        return ["the answer list is empty"]
    allowed, center = letter_mask(rec.letters), letter_mask(rec.center)
    plain = [word for word in rec.answers if is_plain_word(word)]
    rules = {
        "are not a-z words": [word for word in rec.answers if not is_plain_word(word)],
        f"are shorter than {MIN_LENGTH} letters": [
            word for word in rec.answers if len(word) < MIN_LENGTH
        ],
        f"lack the center {rec.center!r}": [
            word for word in plain if not letter_mask(word) & center
        ],
        f"use letters outside {rec.letters!r}": [
            word for word in plain if letter_mask(word) & ~allowed
        ],
        "are listed more than once": sorted(
            word for word, count in Counter(rec.answers).items() if count > 1
        ),
    }
    return [f"answers that {rule}: {some_words(words)}" for rule, words in rules.items() if words]


def _pangram_problems(rec: BeeRecord) -> list[str]:
    """Return the pangrams listed but not found among the answers, and the reverse."""
    every_letter = letter_mask(rec.letters)
    found = {w for w in rec.answers if is_plain_word(w) and letter_mask(w) == every_letter}
    listed = set(rec.pangrams)
    problems = ["no answer uses all 7 letters"] if rec.answers and not found else []
    if listed - found:
        unfound = sorted(listed - found)
        problems.append(
            f"pangrams not among the answers using all 7 letters: {some_words(unfound)}"
        )
    if found - listed:
        problems.append(
            f"answers using all 7 letters not listed as pangrams: {some_words(sorted(found - listed))}"
        )
    return problems


def _count_problems(rec: BeeRecord) -> list[str]:
    """Return a mismatch between the answer count the source states and the answers it lists."""
    stated = rec.stated_answer_count
    if stated is None or stated == len(rec.answers):
        return []
    return [f"source states {stated} answers but lists {len(rec.answers)}"]


def bee_row(record: BeeRecord, url: str) -> dict:
    """Return a source-day row of the Spelling Bee staging table."""
    answers = sorted(set(record.answers))
    return {
        "date": record.date,
        "source": record.source,
        "center": record.center,
        "others": record.others,
        "answers": answers,
        "pangrams": sorted(set(record.pangrams)),
        "points": scoring.total_score(answers, record.letters),
        "not_accepted": sorted(set(record.not_accepted)) if record.source == NYTBEE else None,
        "url": url,
    }


# --- build: the verdicts ---------------------------------------------------------------------------


def spelling_bee_verdicts(con: Connection, as_of: dt.date, universe: list[str]) -> Verdicts:
    """Return the verdicts on every word the SQL solver finds for each past puzzle."""
    import numpy as np

    from pipeline.model.evidence import Verdicts

    warehouse.run(con, "build/spelling_bee_puzzles_to_solve", {"as_of": as_of})
    warehouse.run(con, "solve/spelling_bee_solutions")
    columns = warehouse.run(con, "build/spelling_bee_verdicts").fetchnumpy()
    warehouse.run(con, "build/drop_solver_tables")
    return Verdicts(
        day=np.asarray(columns["day"]),
        word_id=np.asarray(columns["word_id"]),
        accepted=np.asarray(columns["accepted"]),
    )


def judge_answer_words(con: Connection) -> None:
    """Prepare what verdict_changes reads: every verdict on each word ever accepted, and the
    words sources disagreed on for a day (spelling_bee_judged.sql)."""
    warehouse.run(con, "scrape/spelling_bee_judged")


# --- today -----------------------------------------------------------------------------------------


def stored_record(reader: Reader, date: dt.date | None) -> BeeRecord | None:
    """Return the stored puzzle of a date, or the latest one when no date is given."""
    days = {"first": date, "last": date}
    rows = reader.query(SPELLING_BEE.query("today", "days"), days).rows
    if not rows:
        return None
    day, center, others, answers, pangrams = rows[0]
    return BeeRecord(day, center, others, tuple(answers), tuple(pangrams), "warehouse")


def words_for(words: Iterable[str], record: BeeRecord) -> list[str]:
    """Return the words of a list that a puzzle allows."""
    puzzle = make_puzzle(record.center, record.others)
    return scoring.ScoredSubsetSolver(list(words)).solve_scored(puzzle).words


class ScoredDay(NamedTuple):
    """A stored day's puzzle with the words that count (the official answers when known, else
    the custom dictionary's) and the custom dictionary's expectation, each scored."""

    puzzle: Puzzle
    answers: tuple[str, ...]  # the official answers (none when not known)
    counted: scoring.ScoredAnswers
    expected: scoring.ScoredAnswers


def scored_day(day: StoredDay) -> ScoredDay:
    """Return a stored day's puzzle with its counted and expected words scored (what both
    `today` outputs read)."""
    record = day.record
    assert isinstance(record, BeeRecord)
    puzzle = make_puzzle(record.center, record.others)
    counted = scoring.score_answers(list(record.answers) or day.expected, puzzle)
    expected = scoring.score_answers(day.expected, puzzle)
    return ScoredDay(puzzle, tuple(record.answers), counted, expected)


def day_lines(day: StoredDay, reveal: bool) -> list[str]:
    """Return the letters, the counts and rank thresholds, the hint grid and two-letter list of
    the words that count (the official answers when known, else the custom dictionary's), the
    custom dictionary's expectation, and the words if revealed."""
    puzzle, answers, counted, expected = scored_day(day)
    official = bool(answers)
    ranks = dict(scoring.rank_thresholds(counted.total))
    whose = (
        "The custom dictionary expects"
        if not official
        else "The NYT's official answers"
        if day.stored
        else "The NYT's answers on today's page"
    )
    lines = [
        f"Letters: center {puzzle.center.upper()}, others {' '.join(puzzle.others.upper())}",
        f"{whose}: {plural(len(counted.words), 'word')}, {plural(counted.total, 'point')}, "
        f"{plural(len(counted.pangrams), 'pangram')}; Genius at {ranks['Genius']}, "
        f"Queen Bee at {ranks['Queen Bee']}.",
        "",
        scoring.format_hint_grid(scoring.hint_grid(counted.words)),
        "",
        "Two letter list:",
        "  ".join(f"{start.upper()}-{n}" for start, n in scoring.two_letter_list(counted.words)),
        "",
        f"The custom dictionary, {day.expected_from}, expects "
        f"{plural(len(expected.words), 'word')}, {plural(expected.total, 'point')}, "
        f"{plural(len(expected.pangrams), 'pangram')}.",
    ]
    if reveal:
        lines += ["", "Pangrams: " + (", ".join(counted.pangrams) or "(none)")]
        others = [word for word in counted.words if word not in counted.pangrams]
        lines += ["Words: " + (", ".join(others) or "(none)")]
        if official and day.stored:  # today's page may still change its answers
            lines += comparison_lines(day.expected, answers, "official answers")
    else:
        lines += ["", "(answers hidden: --reveal shows them)"]
    return lines


def day_record(day: StoredDay, reveal: bool) -> dict:
    """Return what day_lines says as data (`pipeline today --json`): the letters, the counts,
    rank thresholds, hint grid and two-letter list of the words that count, and the custom
    dictionary's expectation; the words only if revealed."""
    puzzle, answers, counted, expected = scored_day(day)
    official = bool(answers)
    described: dict[str, Any] = {
        "center": puzzle.center,
        "others": puzzle.others,
        "counted": "official answers" if official else "custom dictionary",
        "word_count": len(counted.words),
        "points": counted.total,
        "pangram_count": len(counted.pangrams),
        "ranks": dict(scoring.rank_thresholds(counted.total)),
        "hint_grid": scoring.grid_counts(scoring.hint_grid(counted.words)),
        "two_letters": dict(scoring.two_letter_list(counted.words)),
        "expected": {
            "from": day.expected_from,
            "word_count": len(expected.words),
            "points": expected.total,
            "pangram_count": len(expected.pangrams),
        },
    }
    if reveal:
        described["words"] = list(counted.words)
        described["pangrams"] = list(counted.pangrams)
        described["expected"]["words"] = list(expected.words)
    return described


# --- explain and report ----------------------------------------------------------------------------


def not_accepted(reader: Reader, word: str) -> dict:
    """Return on which days nytbee.com listed the word as not accepted (`dates`, oldest first)."""
    rejected = reader.query("explain/not_accepted", {"word": word}).column("date")
    return {"nytbee_not_accepted": {"count": len(rejected), "dates": [str(d) for d in rejected]}}


def not_accepted_line(found: dict) -> str:
    """Return the line saying on which days nytbee.com listed the word as not accepted."""
    rejected = found["nytbee_not_accepted"]["dates"]
    if not rejected:
        return "nytbee 'not accepted': never listed"
    shown = ", ".join(rejected[-LAST_DATES:])
    return f"nytbee 'not accepted': {len(rejected):,} puzzle(s), last {rejected[-1]} ({shown})"


LAST_DATES = 10


class SpellingBeeHooks(GameHooks):
    """What Spelling Bee adds to each stage."""

    staging_columns = (
        "date", "source", "center", "others", "answers", "pangrams", "points", "not_accepted",
        "url",
    )  # fmt: skip
    merges = (
        "scrape/spelling_bee_puzzles",
        "scrape/spelling_bee_answers",
        "scrape/spelling_bee_not_accepted",
        "scrape/spelling_bee_disagreements",
        "scrape/spelling_bee_official_answers",
    )
    archive_tables = (
        SPELLING_BEE.table("puzzles"),
        SPELLING_BEE.table("answers"),
        SPELLING_BEE.table("not_accepted"),
        SPELLING_BEE.table("disagreements"),
    )
    explain_tables = (SPELLING_BEE.table("not_accepted"),)

    new_word_model = True  # its new words gain from it (README: How the custom dictionary decides)
    problems = staticmethod(bee_problems)
    judge = staticmethod(judge_answer_words)
    staging_row = staticmethod(bee_row)
    verdicts = staticmethod(spelling_bee_verdicts)
    stored_record = staticmethod(stored_record)
    words_for = staticmethod(words_for)
    day_lines = staticmethod(day_lines)
    day_record = staticmethod(day_record)

    style_candidates = "every honeycomb of the custom list with a pangram"

    def report_sections(self, con: Connection, context: ReportContext) -> list[Section]:
        from pipeline.games.honeycombs import report_sections

        return report_sections(con, context.folder)

    def report_files(self) -> list[str]:
        from pipeline.games.honeycombs import RANKS_CSV_FILE, SECTION_FILES

        return [RANKS_CSV_FILE, *SECTION_FILES.values()]

    def api(self) -> GameApi:
        from pipeline.games.spelling_bee.api import API

        return API

    def evidence(self, reader: Reader, word: str) -> dict:
        return not_accepted(reader, word)

    def evidence_lines(self, found: dict) -> list[str]:
        return [not_accepted_line(found)]

    def style_inputs(self, con: Connection, game: Game, words: list[str]) -> Any:
        from pipeline.games.style import spelling_bee_inputs

        return spelling_bee_inputs(con, game)  # the words as stored, with their figures

    def fit_style(self, inputs: Any) -> Any:
        from pipeline.games.style import fit_spelling_bee_style

        return fit_spelling_bee_style(inputs)

    def store_style(self, con: Connection, game: Game, fitted: Any) -> None:
        from pipeline.games.style import store_spelling_bee_style

        store_spelling_bee_style(con, game, fitted)


HOOKS = SpellingBeeHooks()
