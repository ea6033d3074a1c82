"""Clues from the warehouse: what the page, the API, `today --clues`, `explain` and generated
puzzles show.

`answer_clues(con, answers)` is the one call for any puzzle (archived, generated, or the page's
best Letter Boxed solution); `reader_clues(reader, answers)` the same through a `Reader` (the
index the build writes beside the lists when it is fresh, storage/explain_index.py, answers the
same query as the warehouse); `archived_clues(con, game, date)` reads an NYT puzzle's answers
first. They return `{word: Clue or None}`; the clue itself is decided by
pipeline/model/clues.py.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from pipeline.model.clues import Clue, Described, Sense, puzzle_clues
from pipeline.sources.wordnet import CLUE_TABLES
from pipeline.storage.explain_index import SENSES
from pipeline.storage.reader import Reader, require_tables

SENSE_FIELDS = ("part_of_speech", "gloss", "example", "synonyms", "hypernyms", "related_gloss")

if TYPE_CHECKING:
    from pipeline.games.game import Game
    from pipeline.storage.warehouse import Connection


def answer_clues(con: Connection, answers: Sequence[str]) -> dict[str, Clue | None]:
    """Return the clue of each of a puzzle's answers (None: WordNet gives it no usable clue); the
    other answers are the puzzle's, so that no clue names one of them."""
    from pipeline.storage.warehouse import WarehouseReader

    return puzzle_clues(answers, described_words(WarehouseReader(con), answers))


def reader_clues(reader: Reader, answers: Sequence[str]) -> dict[str, Clue | None]:
    """Return `answer_clues` through a reader; a warehouse without WordNet is a UserError."""
    require_tables(reader, *CLUE_TABLES, stage_hint="pipeline words")
    return puzzle_clues(answers, described_words(reader, answers))


def described_words(reader: Reader, words: Iterable[str]) -> dict[str, Described]:
    """Return what WordNet says of each word it describes: its base form, its senses (most
    frequent first; a lemma's own, then those of a lemma it is an inflected form of too) and its
    other forms."""
    found = reader.query(SENSES, {"words": list(words)})
    word, base_form, other_forms = map(found.columns.index, ("word", "base_form", "other_forms"))
    fields = [found.columns.index(name) for name in SENSE_FIELDS]
    senses: dict[str, list[Sense]] = {}
    firsts: dict[str, tuple] = {}
    for row in found.rows:
        part, gloss, example, synonyms, hypernyms, related = (row[field] for field in fields)
        first = firsts.setdefault(row[word], row)
        lemma = None if row[base_form] == first[base_form] else row[base_form]
        sense = Sense(part, gloss, example, tuple(synonyms), tuple(hypernyms), related, lemma)
        senses.setdefault(row[word], []).append(sense)
    return {
        name: Described(row[base_form], tuple(senses[name]), tuple(row[other_forms]))
        for name, row in firsts.items()
    }


def archived_answers(con: Connection, game: Game, date: dt.date) -> list[str]:
    """Return the answers of an archived NYT puzzle (Letter Boxed: its solution's words)."""
    from pipeline.storage import warehouse

    return warehouse.query(con, game.query("clues", "answers"), {"date": date}).column("word")


def archived_clues(con: Connection, game: Game, date: dt.date) -> dict[str, Clue | None]:
    """Return the clue of each answer of an archived NYT puzzle (empty: no puzzle that day)."""
    return answer_clues(con, archived_answers(con, game, date))


def archive_clues(
    con: Connection, game: Game, strict: bool = False
) -> dict[dt.date, dict[str, Clue | None]]:
    """Return the clues of every archived NYT puzzle of a game, by date (the words' senses read
    in one query); `strict`: no clue for a word whose every gloss names another answer."""
    from pipeline.storage import warehouse

    days = warehouse.query(con, game.query("clues", "archive"))
    answers_of = dict(zip(days.column("date"), days.column("answers"), strict=True))
    words = {word for answers in answers_of.values() for word in answers}
    described = described_words(warehouse.WarehouseReader(con), words)
    return {date: puzzle_clues(answers, described, strict) for date, answers in answers_of.items()}


def clue_coverage(
    clues_by_date: dict[dt.date, dict[str, Clue | None]], first: dt.date, last: dt.date
) -> float:
    """Return the share of the answers of the puzzles from `first` to `last` that have a clue."""
    found = [
        day[word] for date, day in clues_by_date.items() if first <= date <= last for word in day
    ]
    return sum(one is not None for one in found) / len(found)
