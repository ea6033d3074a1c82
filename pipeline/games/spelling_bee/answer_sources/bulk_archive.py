"""The jonb108 bulk Spelling Bee archive: one line per day, taken from gameData.today at 3 a.m.

YYYYMMDD <7 sorted letters> <center> <#words> <points> <#pangrams> <4 flags> <pangrams> | <answers>
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator

from pipeline.games.spelling_bee.answer_sources import BULK_ARCHIVE
from pipeline.games.spelling_bee.answer_sources.letters import other_letters
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.sources.parsing import check_count, parse_date
from pipeline.sources.records import ParseError

BULK_HEAD_FIELDS = 10


def parse_bulk_line(line: str) -> BeeRecord:
    """Return the record of one bulk-archive line."""
    fields = line.split()
    if fields.count("|") != 1:
        raise ParseError("expected one '|' between the pangrams and the answers")
    bar = fields.index("|")
    if bar < BULK_HEAD_FIELDS:
        raise ParseError(f"expected {BULK_HEAD_FIELDS} fields before the pangrams, got {bar}")
    day, letters, center, *numbers = fields[:BULK_HEAD_FIELDS]
    word_count, _points, pangram_count, *_flags = _integers(numbers)
    pangrams, answers = fields[BULK_HEAD_FIELDS:bar], fields[bar + 1 :]
    check_count("words", word_count, answers)
    check_count("pangrams", pangram_count, pangrams)
    return BeeRecord(
        date=parse_date(day, "%Y%m%d"),
        center=center,
        others=other_letters(letters, center),
        answers=tuple(sorted(answers)),
        pangrams=tuple(sorted(pangrams)),
        source=BULK_ARCHIVE,
        stated_answer_count=word_count,
    )


def iter_bulk_archive(text: str) -> Iterator[tuple[int, BeeRecord | ParseError]]:
    """Yield (line number, record or that line's ParseError) for every non-blank line."""
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            outcome: BeeRecord | ParseError = parse_bulk_line(line)
        except ParseError as error:
            outcome = error
        yield number, outcome


def parse(text: str, date: datetime.date | None = None) -> list[tuple[int, BeeRecord | ParseError]]:
    """Return every line's record or its ParseError, with its line number (the registry's
    parser: the scrape quarantines a bad line and keeps the others)."""
    return list(iter_bulk_archive(text))


def parse_bulk_archive(text: str) -> list[BeeRecord]:
    """Return the records of a whole bulk archive; the first bad line raises ParseError."""
    records = []
    for number, outcome in iter_bulk_archive(text):
        if isinstance(outcome, ParseError):
            raise ParseError(f"line {number}: {outcome}") from outcome
        records.append(outcome)
    return records


def _integers(fields: list[str]) -> list[int]:
    """Return the fields as integers, or raise ParseError naming the first that is not one."""
    for field in fields:
        if not (field.isascii() and field.isdigit()):
            raise ParseError(f"expected a number, got {field!r}")
    return [int(field) for field in fields]
