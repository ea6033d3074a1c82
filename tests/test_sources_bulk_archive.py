"""The jonb108 bulk archive parser: hand-written lines, then the real mirror if set."""

from __future__ import annotations

import datetime

import pytest

from pipeline.games.spelling_bee.answer_sources.bulk_archive import (
    iter_bulk_archive,
    parse_bulk_archive,
    parse_bulk_line,
)
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.sources.records import ParseError
from tests.conftest import BULK_PATH
from tests.made_up_days import PLANTER_ANSWERS

D = datetime.date

PLANTER_LINE = (
    "20240611 aelnprt p 10 75 2 2 1 1 1 planter replant | "
    "apple leap panel pant paper petal plant planter replant trap"
)
CLIMBED_LINE = (
    "20240610 bcdeilm b 10 60 1 1 0 1 1 climbed | "
    "belie bide bile bled bleed climb climbed embed imbed limb"
)


def test_bulk_line_gives_the_record():
    assert parse_bulk_line(PLANTER_LINE) == BeeRecord(
        date=D(2024, 6, 11),
        center="p",
        others="aelnrt",
        answers=PLANTER_ANSWERS,
        pangrams=("planter", "replant"),
        source="bulk_archive",
        stated_answer_count=10,
    )


def test_bulk_line_sorts_answers_and_keeps_duplicates():
    line = "20240611 aelnprt p 3 10 1 1 1 1 1 planter | trap planter trap"
    assert parse_bulk_line(line).answers == ("planter", "trap", "trap")


def test_bulk_archive_gives_one_record_per_line_skipping_blank_lines():
    records = parse_bulk_archive(f"{CLIMBED_LINE}\n\n{PLANTER_LINE}\n")
    assert [(r.date, r.center, r.pangrams) for r in records] == [
        (D(2024, 6, 10), "b", ("climbed",)),
        (D(2024, 6, 11), "p", ("planter", "replant")),
    ]


def test_iter_bulk_archive_quarantines_a_bad_line_and_loads_the_rest():
    bad = PLANTER_LINE.replace(" 10 75 ", " 11 75 ")
    outcomes = list(iter_bulk_archive(f"{CLIMBED_LINE}\n{bad}\n{PLANTER_LINE}"))
    assert [number for number, _ in outcomes] == [1, 2, 3]
    assert outcomes[0][1] == parse_bulk_line(CLIMBED_LINE)
    assert isinstance(outcomes[1][1], ParseError)
    assert str(outcomes[1][1]) == "states 11 words but lists 10"
    assert outcomes[2][1] == parse_bulk_line(PLANTER_LINE)


def test_bulk_archive_names_the_first_bad_line():
    bad = PLANTER_LINE.replace(" | ", " ")
    with pytest.raises(ParseError, match="^line 2: expected one '[|]'"):
        parse_bulk_archive(f"{CLIMBED_LINE}\n{bad}")


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (PLANTER_LINE.replace(" 10 75 ", " 9 75 "), "states 9 words but lists 10"),
        (PLANTER_LINE.replace(" 75 2 ", " 75 3 "), "states 3 pangrams but lists 2"),
        (PLANTER_LINE.replace(" | ", " "), "expected one '|' between the pangrams and the answers"),
        ("20240611 aelnprt p 10 75 | planter", "expected 10 fields before the pangrams, got 5"),
        (PLANTER_LINE.replace(" 75 ", " lots "), "expected a number, got 'lots'"),
        (PLANTER_LINE.replace("20240611", "20241311"), "bad date '20241311'"),
        (
            PLANTER_LINE.replace(" aelnprt p ", " aelnprt b "),
            "center 'b' is not one of the letters 'aelnprt'",
        ),
        (PLANTER_LINE.replace(" aelnprt ", " aelnpr "), "expected 7 letters, got 'aelnpr'"),
    ],
)
def test_bulk_line_rejects_malformed_lines(line, reason):
    with pytest.raises(ParseError) as caught:
        parse_bulk_line(line)
    assert str(caught.value) == reason


# --- the real mirror (PIPELINE_MIRROR) ----------------------------------------------------------


@pytest.mark.mirror
def test_mirror_bulk_archive_every_line_parses(mirror):
    text = (mirror / BULK_PATH).read_text(encoding="utf-8")
    outcomes = list(iter_bulk_archive(text))
    failures = [(number, str(o)) for number, o in outcomes if isinstance(o, ParseError)]
    assert failures == []
    dates = [record.date for _number, record in outcomes]
    assert len(dates) == 2650
    assert (dates[0], dates[-1]) == (D(2018, 5, 9), D(2025, 8, 9))
    assert all(b - a == datetime.timedelta(days=1) for a, b in zip(dates, dates[1:], strict=False))
