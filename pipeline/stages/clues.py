"""Clues from the warehouse: what the page, the API, `today --clues` and generated puzzles show.

`answer_clues(con, answers)` is the one call for any puzzle (archived, generated, or the page's
best Letter Boxed solution); `archived_clues(con, game, date)` reads an NYT puzzle's answers first.
Both take a read-only connection and return `{word: Clue or None}`; the clue itself is decided by
pipeline/model/clues.py.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence

from pipeline.games.game import Game
from pipeline.model.clues import Clue, Sense, puzzle_clues
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection


def answer_clues(con: Connection, answers: Sequence[str]) -> dict[str, Clue | None]:
    """Return the clue of each of a puzzle's answers (None: WordNet gives it no usable clue); the
    other answers are the puzzle's, so that no clue names one of them."""
    return puzzle_clues(answers, described_words(con, answers))


def described_words(con: Connection, words: Iterable[str]) -> dict[str, tuple[str, list[Sense]]]:
    """Return the base form and senses (most frequent first) of each word WordNet describes."""
    found = warehouse.query(con, "clues/word_senses", {"words": list(words)})
    described = {}
    for row in found.rows:
        record = dict(zip(found.columns, row, strict=True))
        senses = [Sense(**sense) for sense in record["senses"]]
        described[record["word"]] = (record["base_form"], senses)
    return described


def archived_answers(con: Connection, game: Game, date: dt.date) -> list[str]:
    """Return the answers of an archived NYT puzzle (Letter Boxed: its solution's words)."""
    return warehouse.query(con, game.query("clues", "answers"), {"date": date}).column("word")


def archived_clues(con: Connection, game: Game, date: dt.date) -> dict[str, Clue | None]:
    """Return the clue of each answer of an archived NYT puzzle (empty: no puzzle that day)."""
    return answer_clues(con, archived_answers(con, game, date))


def archive_clues(con: Connection, game: Game) -> dict[dt.date, dict[str, Clue | None]]:
    """Return the clues of every archived NYT puzzle of a game, by date (the words' senses read
    in one query)."""
    days = warehouse.query(con, game.query("clues", "archive"))
    answers_of = dict(zip(days.column("date"), days.column("answers"), strict=True))
    described = described_words(con, {word for answers in answers_of.values() for word in answers})
    return {date: puzzle_clues(answers, described) for date, answers in answers_of.items()}


def clue_coverage(
    clues_by_date: dict[dt.date, dict[str, Clue | None]], first: dt.date, last: dt.date
) -> float:
    """Return the share of the answers of the puzzles from `first` to `last` that have a clue."""
    clues = [
        clue
        for date, day in clues_by_date.items()
        if first <= date <= last
        for clue in day.values()
    ]
    return sum(clue is not None for clue in clues) / len(clues)
