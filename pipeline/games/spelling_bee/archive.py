"""Spelling Bee's archive: the puzzle rules a record must keep, its source-day row, the
verdicts of every past puzzle (by the SQL solver), the words whose verdicts changed, and what
nytbee.com's "not accepted" lists say of a word (explain)."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import TYPE_CHECKING

from pipeline.games.hooks import some_words
from pipeline.games.spelling_bee.answer_sources import NYTBEE
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.storage import warehouse
from solvers import spelling_bee_scoring as scoring
from solvers.masks import is_plain_word, letter_mask
from solvers.spelling_bee import MIN_LENGTH

if TYPE_CHECKING:
    from pipeline.model.evidence import Verdicts
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


# --- explain ------------------------------------------------------------------------------------


def not_accepted(reader: Reader, word: str) -> dict:
    """Return on which days nytbee.com listed the word as not accepted (`dates`, oldest first)."""
    rejected = reader.query("explain/not_accepted", {"word": word}).column("date")
    return {"nytbee_not_accepted": {"count": len(rejected), "dates": [str(d) for d in rejected]}}


def not_accepted_lines(found: dict) -> list[str]:
    """Return the line saying on which days nytbee.com listed the word as not accepted."""
    rejected = found["nytbee_not_accepted"]["dates"]
    if not rejected:
        return ["nytbee 'not accepted': never listed"]
    shown = ", ".join(rejected[-LAST_DATES:])
    return [f"nytbee 'not accepted': {len(rejected):,} puzzle(s), last {rejected[-1]} ({shown})"]


LAST_DATES = 10
