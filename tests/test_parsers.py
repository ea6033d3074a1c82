"""Parsers of the official-answer sources: hand-written fixtures, then the real mirror if set."""

from __future__ import annotations

import dataclasses
import datetime
import json
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from pipeline.sources.bulk_archive import iter_bulk_archive, parse_bulk_archive, parse_bulk_line
from pipeline.sources.nyt_gamedata import parse_nyt_gamedata_day
from pipeline.sources.nyt_live import (
    extract_game_data,
    parse_nyt_live_letter_boxed,
    parse_nyt_live_spelling_bee,
)
from pipeline.sources.nytbee import NytbeeLayout, nytbee_layout, parse_nytbee_page
from pipeline.sources.records import BeeRecord, ParseError
from pipeline.sources.simeydk import parse_letterboxed_day
from tests.conftest import BULK_PATH, SIMEYDK_DIR, TEDMISTON_DIR
from tests.made_up_days import BLACKSMITH

FIXTURES = Path(__file__).parent / "fixtures"
D = datetime.date


def fixture(name: str) -> str:
    """Return the text of a hand-written fixture file."""
    return (FIXTURES / name).read_text(encoding="utf-8")


# Made-up puzzles: "planter" (center p), "climbed" (center b), "crowned" (center w).
PLANTER_ANSWERS = (
    "apple",
    "leap",
    "panel",
    "pant",
    "paper",
    "petal",
    "plant",
    "planter",
    "replant",
    "trap",
)
CLIMBED_ANSWERS = (
    "belie",
    "bide",
    "bile",
    "bled",
    "bleed",
    "climb",
    "climbed",
    "embed",
    "imbed",
    "limb",
)
CROWNED_ANSWERS = (
    "cower",
    "crew",
    "crowd",
    "crown",
    "crowned",
    "dower",
    "drown",
    "endow",
    "owner",
    "rowed",
    "wonder",
    "wooden",
    "wren",
)


# --- bulk archive ----------------------------------------------------------------------------

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


# --- tedmiston day files (the NYT gameData.yesterday) -------------------------------------------

CLIMBED_DAY = {
    "displayWeekday": "Monday",
    "displayDate": "June 10, 2024",
    "printDate": "2024-06-10",
    "centerLetter": "b",
    "outerLetters": ["c", "d", "e", "i", "l", "m"],
    "validLetters": ["b", "c", "d", "e", "i", "l", "m"],
    "pangrams": ["climbed"],
    "answers": [
        "climbed",
        "belie",
        "bide",
        "bile",
        "bled",
        "bleed",
        "climb",
        "embed",
        "imbed",
        "limb",
    ],
    "id": 21000,
    "freeExpiration": 0,
    "editor": "A. N. Editor",
}


def climbed_record(source: str) -> BeeRecord:
    """Return the record the 'climbed' fixture day should parse to."""
    return BeeRecord(
        date=D(2024, 6, 10),
        center="b",
        others="cdeilm",
        answers=CLIMBED_ANSWERS,
        pangrams=("climbed",),
        source=source,
    )


def test_gamedata_day_gives_the_record():
    text = json.dumps(CLIMBED_DAY, indent=2)
    assert parse_nyt_gamedata_day(text) == climbed_record("nyt_gamedata")
    assert parse_nyt_gamedata_day(text.encode()) == climbed_record("nyt_gamedata")


def test_gamedata_day_rejects_truncated_json():
    text = json.dumps(CLIMBED_DAY, indent=2)
    with pytest.raises(ParseError, match="^not valid JSON: "):
        parse_nyt_gamedata_day(text[: len(text) // 2])


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"answers": None}, "answers is not a list of strings"),
        ({"printDate": "June 10"}, "bad date 'June 10'"),
        ({"centerLetter": 7}, "centerLetter is not a string"),
        (
            {"validLetters": ["b", "c", "d", "e", "i", "l", "x"]},
            "validLetters disagree with centerLetter and outerLetters",
        ),
    ],
)
def test_gamedata_day_rejects_bad_fields(change, reason):
    with pytest.raises(ParseError) as caught:
        parse_nyt_gamedata_day(json.dumps(CLIMBED_DAY | change))
    assert str(caught.value) == reason


def test_gamedata_day_rejects_missing_keys_and_non_objects():
    without_answers = {key: value for key, value in CLIMBED_DAY.items() if key != "answers"}
    with pytest.raises(ParseError, match="^missing key 'answers'$"):
        parse_nyt_gamedata_day(json.dumps(without_answers))
    with pytest.raises(ParseError, match="^the JSON document is not a JSON object$"):
        parse_nyt_gamedata_day("[1, 2]")


# --- live NYT pages (window.gameData) -----------------------------------------------------------

PLANTER_LIVE = BeeRecord(
    date=D(2024, 6, 11),
    center="p",
    others="aelnrt",
    answers=PLANTER_ANSWERS,
    pangrams=("planter", "replant"),
    source="nyt_live",
)
BLACKSMITH_LIVE = dataclasses.replace(BLACKSMITH, source="nyt_live")


def test_extract_game_data_reads_the_object_followed_by_other_statements():
    data = extract_game_data(fixture("nyt_spelling_bee.html"))
    assert sorted(data) == ["today", "yesterday"]
    assert data["today"]["centerLetter"] == "p"


def test_live_spelling_bee_gives_yesterday_then_today():
    records = parse_nyt_live_spelling_bee(fixture("nyt_spelling_bee.html"))
    assert records == [climbed_record("nyt_live"), PLANTER_LIVE]


def test_live_letter_boxed_gives_the_record():
    assert parse_nyt_live_letter_boxed(fixture("nyt_letter_boxed.html")) == BLACKSMITH_LIVE
    assert parse_nyt_live_letter_boxed(fixture("nyt_letter_boxed.html").encode()) == BLACKSMITH_LIVE


def test_live_page_without_game_data_script_is_rejected():
    page = fixture("nyt_letter_boxed.html").replace("window.gameData = {", "window.otherData = {")
    with pytest.raises(ParseError, match="^no <script> assigns window.gameData$"):
        extract_game_data(page)


def test_live_page_with_truncated_game_data_is_rejected():
    page = fixture("nyt_letter_boxed.html").replace(
        ',"isFree":false,"editor":"A. N. Editor"}', ',"isFr'
    )
    with pytest.raises(ParseError, match="^window.gameData is not valid JSON: "):
        parse_nyt_live_letter_boxed(page)


def test_live_spelling_bee_without_yesterday_is_rejected():
    page = fixture("nyt_spelling_bee.html").replace('"yesterday":', '"lastWeek":')
    with pytest.raises(ParseError, match="^missing key 'yesterday'$"):
        parse_nyt_live_spelling_bee(page)


def test_game_data_that_is_not_an_object_is_rejected():
    page = "<html><script>window.gameData = null; start();</script></html>"
    with pytest.raises(ParseError, match="^window.gameData is not a JSON object$"):
        extract_game_data(page)


# --- simeydk Letter Boxed day files ------------------------------------------------------------

BLACKSMITH_DAY = {
    "id": 2001,
    "expiration": 1718175600,
    "ourSolution": ["BLACKSMITH", "HOP"],
    "printDate": "2024-06-11",
    "sides": ["BAM", "LCI", "KTO", "SHP"],
    "date": "June 11, 2024",
    "dictionary": ["HOST", "BLACKSMITH", "CHIP", "CHOP", "HOP", "OHMS", "TALK"],
    "par": 4,
    "yesterdaysSolution": ["TUNDRA", "ALLOW"],
    "yesterdaysSides": ["YEA", "RUN", "DGT", "WOL"],
    "isFree": False,
    "editor": "A. N. Editor",
}


def test_letterboxed_day_gives_the_record():
    expected = BLACKSMITH
    assert parse_letterboxed_day(json.dumps(BLACKSMITH_DAY)) == expected


def test_letterboxed_day_without_optional_keys_gives_none():
    day = {key: BLACKSMITH_DAY[key] for key in ("printDate", "sides", "ourSolution")}
    record = parse_letterboxed_day(json.dumps(day))
    assert (record.par, record.nyt_id, record.dictionary) == (None, None, None)
    assert (record.yesterdays_sides, record.yesterdays_solution) == (None, None)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"sides": ["BAM", "LCI", "KTO"]}, "expected 4 sides, got 3"),
        ({"par": "4"}, "par is not an integer"),
        ({"id": True}, "id is not an integer"),
        ({"ourSolution": "BLACKSMITH HOP"}, "ourSolution is not a list of strings"),
    ],
)
def test_letterboxed_day_rejects_bad_fields(change, reason):
    with pytest.raises(ParseError) as caught:
        parse_letterboxed_day(json.dumps(BLACKSMITH_DAY | change))
    assert str(caught.value) == reason


def test_letterboxed_day_rejects_truncated_json():
    with pytest.raises(ParseError, match="^not valid JSON: "):
        parse_letterboxed_day(json.dumps(BLACKSMITH_DAY)[:-40])


# --- nytbee.com pages, one fixture per layout -------------------------------------------------

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


@pytest.fixture(scope="module")
def bulk_records(mirror: Path) -> dict[datetime.date, BeeRecord]:
    """Return the bulk archive's records by date."""
    records = parse_bulk_archive((mirror / BULK_PATH).read_text(encoding="utf-8"))
    return {record.date: record for record in records}


@pytest.fixture(scope="module")
def nytbee_pages(mirror: Path) -> dict[datetime.date, tuple[NytbeeLayout, BeeRecord]]:
    """Return the layout and record of every mirrored nytbee.com page, by date."""
    pages = {}
    for path in sorted((mirror / "nytbee.com").glob("Bee_*.html")):
        date = datetime.datetime.strptime(path.stem, "Bee_%Y%m%d").date()
        html = path.read_bytes()
        pages[date] = (nytbee_layout(html), parse_nytbee_page(html, date))
    return pages


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


@pytest.mark.mirror
def test_mirror_tedmiston_days_parse_and_are_named_by_print_date(mirror):
    paths = sorted((mirror / TEDMISTON_DIR).glob("*.json"))
    records = [parse_nyt_gamedata_day(path.read_bytes()) for path in paths]
    assert len(records) == 793
    assert [record.date.isoformat() for record in records] == [path.stem for path in paths]


@pytest.mark.mirror
def test_mirror_hamachi_was_added_after_the_bulk_line_of_2023_12_02(mirror, bulk_records):
    next_day_list = parse_nyt_gamedata_day(
        (mirror / TEDMISTON_DIR / "2023-12-02.json").read_bytes()
    )
    assert next_day_list.date == D(2023, 12, 2)
    assert "hamachi" in next_day_list.answers
    assert "hamachi" not in bulk_records[D(2023, 12, 2)].answers
    assert set(bulk_records[D(2023, 12, 2)].answers) < set(next_day_list.answers)


@pytest.mark.mirror
def test_mirror_simeydk_days_parse_including_the_placeholder(mirror):
    paths = sorted((mirror / SIMEYDK_DIR).glob("*.json"))
    records = {path.stem: parse_letterboxed_day(path.read_bytes()) for path in paths}
    assert len(records) == 1171
    assert all(record.date.isoformat() == stem for stem, record in records.items())
    placeholder = records["2023-09-12"]
    assert (placeholder.nyt_id, placeholder.sides) == (1, ("lrc", "egk", "hib", "nta"))
