"""The NYT gameData parsers (tedmiston days, live pages, simeydk days), then the real mirror if set."""

from __future__ import annotations

import dataclasses
import datetime
import json

import pytest

from pipeline.games.letter_boxed.answer_sources.nyt_live import parse_nyt_live_letter_boxed
from pipeline.games.letter_boxed.answer_sources.simeydk import parse_letterboxed_day
from pipeline.games.spelling_bee.answer_sources.nyt_gamedata import parse_nyt_gamedata_day
from pipeline.games.spelling_bee.answer_sources.nyt_live import parse_nyt_live_spelling_bee
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.sources.nyt_live import extract_game_data
from pipeline.sources.records import ParseError
from tests.conftest import SIMEYDK_DIR, TEDMISTON_DIR, fixture
from tests.made_up_days import BLACKSMITH, CLIMBED_ANSWERS, PLANTER_ANSWERS

D = datetime.date

# --- tedmiston day files (the NYT gameData.yesterday) -------------------------------------------

CLIMBED_DAY = {
    "displayWeekday": "Monday",
    "displayDate": "June 10, 2024",
    "printDate": "2024-06-10",
    "centerLetter": "b",
    "outerLetters": ["c", "d", "e", "i", "l", "m"],
    "validLetters": ["b", "c", "d", "e", "i", "l", "m"],
    "pangrams": ["climbed"],
    "answers": ["climbed", *(word for word in CLIMBED_ANSWERS if word != "climbed")],
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


# --- the real mirror (PIPELINE_MIRROR) ----------------------------------------------------------


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
