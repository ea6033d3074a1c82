"""The nytbee.com page parser: one hand-written page per layout, then the real mirror if set."""

from __future__ import annotations

import datetime

import pytest
from bs4 import BeautifulSoup

from pipeline.games.spelling_bee.answer_sources.nytbee import (
    NytbeeLayout,
    nytbee_layout,
    parse_nytbee_page,
)
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.sources.records import ParseError
from tests.conftest import fixture
from tests.made_up_days import CLIMBED_ANSWERS, CROWNED_ANSWERS, PLANTER_ANSWERS

D = datetime.date

NYTBEE_FIXTURES = {
    "nytbee_early.html": (
        NytbeeLayout.EARLY,
        BeeRecord(
            date=D(2018, 9, 5),
            center="b",
            others="cdeilm",
            answers=CLIMBED_ANSWERS,
            pangrams=("climbed",),
            source="nytbee",
            not_accepted=("bedim", "dibble", "limbic"),
            stated_answer_count=10,
        ),
    ),
    "nytbee_middle.html": (
        NytbeeLayout.MIDDLE,
        BeeRecord(
            date=D(2021, 3, 17),
            center="p",
            others="aelnrt",
            answers=PLANTER_ANSWERS,
            pangrams=("planter", "replant"),
            source="nytbee",
            not_accepted=("lappet", "platen", "prate"),
            stated_answer_count=10,
        ),
    ),
    "nytbee_definitions.html": (
        NytbeeLayout.DEFINITIONS,
        BeeRecord(
            date=D(2025, 6, 24),
            center="w",
            others="cdenor",
            answers=CROWNED_ANSWERS,
            pangrams=("crowned",),
            source="nytbee",
            not_accepted=("decrown", "dowd", "enow"),
            stated_answer_count=13,
        ),
    ),
}


@pytest.mark.parametrize("name", sorted(NYTBEE_FIXTURES))
def test_nytbee_page_gives_the_record_in_each_layout(name):
    layout, expected = NYTBEE_FIXTURES[name]
    html = fixture(name)
    assert nytbee_layout(html) == layout
    assert parse_nytbee_page(html, expected.date) == expected


def without_charts(html: str) -> str:
    """Return a page with its Bokeh chart scripts removed."""
    soup = BeautifulSoup(html, "html.parser")
    for script in soup.find_all("script"):
        if "docs_json" in script.get_text():
            script.decompose()
    return str(soup)


@pytest.mark.parametrize("name", ["nytbee_early.html", "nytbee_definitions.html"])
def test_nytbee_page_without_charts_takes_the_letters_from_the_answers(name):
    _layout, expected = NYTBEE_FIXTURES[name]
    assert parse_nytbee_page(without_charts(fixture(name)), expected.date) == expected


def test_nytbee_page_without_charts_whose_answers_share_two_letters_is_rejected():
    page = without_charts(fixture("nytbee_middle.html"))  # every answer has both a and p
    with pytest.raises(ParseError, match="^cannot tell the center letter: candidates 'ap'$"):
        parse_nytbee_page(page, D(2021, 3, 17))


def test_nytbee_page_without_an_answer_list_is_rejected():
    page = fixture("nytbee_middle.html").replace('id="main-answer-list"', 'id="answers"')
    page = page.replace('id="intro-text"', 'id="intro"')
    with pytest.raises(ParseError, match="^no official answer list "):
        parse_nytbee_page(page, D(2021, 3, 17))


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("Number of Answers: 10", "Number of Answers: 11", "states 11 answers but lists 10"),
        ("Number of Pangrams: 2", "Number of Pangrams: 1", "states 1 pangrams but lists 2"),
        ("Number of Answers: 10", "Answers: many", "page states no 'Number of Answers'"),
        (
            "Wednesday, March 17, 2021",
            "Thursday, March 18, 2021",
            "page is for 2021-03-18, expected 2021-03-17",
        ),
        ("Wednesday, March 17, 2021", "Some day in March", "page states no date"),
        ("<li>lappet</li>", "<li>lap pet</li>", "list item 'lap pet' is not one word"),
    ],
)
def test_nytbee_page_rejects_pages_that_contradict_themselves(old, new, reason):
    page = fixture("nytbee_middle.html")
    assert old in page
    page = page.replace(old, new)
    with pytest.raises(ParseError) as caught:
        parse_nytbee_page(page, D(2021, 3, 17))
    assert str(caught.value) == reason


# --- the real mirror (PIPELINE_MIRROR) ----------------------------------------------------------


@pytest.mark.mirror
def test_mirror_nytbee_pages_parse_in_three_date_ranges(nytbee_pages):
    assert len(nytbee_pages) == 206
    ranges: dict[NytbeeLayout, list[datetime.date]] = {}
    for date, (layout, _record) in sorted(nytbee_pages.items()):
        ranges.setdefault(layout, []).append(date)
    spans = {layout: (dates[0], dates[-1], len(dates)) for layout, dates in ranges.items()}
    assert spans == {
        NytbeeLayout.EARLY: (D(2018, 8, 1), D(2019, 8, 15), 26),
        NytbeeLayout.MIDDLE: (D(2019, 9, 1), D(2024, 7, 15), 118),
        NytbeeLayout.DEFINITIONS: (D(2024, 8, 1), D(2025, 8, 9), 62),
    }
    lists_not_accepted = sorted(d for d, (_layout, rec) in nytbee_pages.items() if rec.not_accepted)
    # The 11 pages up to 2019-01-01 have no list of words that were not accepted.
    assert lists_not_accepted[0] == D(2019, 1, 15)
    assert len(lists_not_accepted) == 206 - 11


@pytest.mark.mirror
def test_mirror_nytbee_pages_agree_with_the_bulk_archive(nytbee_pages, bulk_records):
    disagreements = [
        date
        for date, (_layout, page) in nytbee_pages.items()
        if (page.center, page.others, page.answers)
        != (bulk_records[date].center, bulk_records[date].others, bulk_records[date].answers)
    ]
    assert disagreements == []
