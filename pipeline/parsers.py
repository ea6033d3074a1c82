"""Parse the official-answer sources (text or bytes as downloaded) into records.

Each parser raises ParseError, with a one-line reason, when its input does not have the
expected layout. Parsers check the shape of a source; `pipeline.validate` checks the puzzle rules.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import re
from collections.abc import Iterable, Iterator
from enum import StrEnum

from bs4 import BeautifulSoup, Tag

from pipeline.records import (
    BULK_ARCHIVE,
    NYT_GAMEDATA,
    NYT_LIVE,
    NYTBEE,
    SIMEYDK,
    BeeRecord,
    BoxRecord,
    Word,
)

Html = str | bytes


class ParseError(ValueError):
    """A source text that does not have the layout its parser expects."""


# ---------------------------------------------------------------------------------------------
# Spelling Bee: the jonb108 bulk archive, one line per day:
# YYYYMMDD <7 sorted letters> <center> <#words> <points> <#pangrams> <4 flags> <pangrams> | <answers>

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
    _check_count("words", word_count, answers)
    _check_count("pangrams", pangram_count, pangrams)
    return BeeRecord(
        date=_parse_date(day, "%Y%m%d"),
        center=center,
        others=_others(letters, center),
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


def _check_count(what: str, stated: int, listed: list[Word] | tuple[Word, ...]) -> None:
    """Raise ParseError when a source states a count that its own list does not have."""
    if stated != len(listed):
        raise ParseError(f"states {stated} {what} but lists {len(listed)}")


def _others(letters: str, center: str) -> str:
    """Return the letters other than the center, sorted; raise when the center is not among them."""
    if len(letters) != 7 or not letters.isalpha():
        raise ParseError(f"expected 7 letters, got {letters!r}")
    if len(center) != 1 or center not in letters:
        raise ParseError(f"center {center!r} is not one of the letters {letters!r}")
    return "".join(sorted(letters.replace(center, "", 1)))


def _parse_date(text: str, layout: str) -> datetime.date:
    """Return the date a text states in a strptime layout."""
    try:
        return datetime.datetime.strptime(text, layout).date()
    except ValueError:
        raise ParseError(f"bad date {text!r}") from None


# ---------------------------------------------------------------------------------------------
# The NYT pages' gameData objects: saved by tedmiston and simeydk, or embedded in the live pages.

GAME_DATA_ASSIGNMENT = re.compile(r"window\.gameData\s*=(?!=)\s*")  # not == or ===


def parse_nyt_gamedata_day(text: str | bytes) -> BeeRecord:
    """Return the record of a tedmiston day file (the NYT's gameData.yesterday)."""
    return _bee_from_game_data(_load_json(text), NYT_GAMEDATA)


def parse_letterboxed_day(text: str | bytes) -> BoxRecord:
    """Return the record of a simeydk day file (the NYT Letter Boxed page's gameData)."""
    return _box_from_game_data(_load_json(text), SIMEYDK)


def extract_game_data(html: Html) -> dict:
    """Return the object a live NYT page assigns to `window.gameData` in one of its scripts."""
    for script in _soup(html).find_all("script"):
        code = script.get_text()
        assignment = GAME_DATA_ASSIGNMENT.search(code)
        if assignment is None:
            continue
        try:
            data, _end = json.JSONDecoder().raw_decode(code, assignment.end())
        except json.JSONDecodeError as error:
            raise ParseError(f"window.gameData is not valid JSON: {error}") from None
        return _mapping(data, "window.gameData")
    raise ParseError("no <script> assigns window.gameData")


def parse_nyt_live_spelling_bee(html: Html) -> list[BeeRecord]:
    """Return the records of a live Spelling Bee page: yesterday's, then today's."""
    data = extract_game_data(html)
    return [_bee_from_game_data(_field(data, day), NYT_LIVE) for day in ("yesterday", "today")]


def parse_nyt_live_letter_boxed(html: Html) -> BoxRecord:
    """Return the record of a live Letter Boxed page."""
    return _box_from_game_data(extract_game_data(html), NYT_LIVE)


def _load_json(text: str | bytes) -> dict:
    """Return the JSON object a text holds."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ParseError(f"not valid JSON: {error}") from None
    return _mapping(data, "the JSON document")


def _bee_from_game_data(data: object, source: str) -> BeeRecord:
    """Return the record of one Spelling Bee gameData day object."""
    game = _mapping(data, "the day")
    center = _text(game, "centerLetter").lower()
    outer = _words(game, "outerLetters")
    if sorted(_words(game, "validLetters")) != sorted([center, *outer]):
        raise ParseError("validLetters disagree with centerLetter and outerLetters")
    return BeeRecord(
        date=_print_date(game),
        center=center,
        others="".join(sorted(outer)),
        answers=tuple(sorted(_words(game, "answers"))),
        pangrams=tuple(sorted(_words(game, "pangrams"))),
        source=source,
    )


def _box_from_game_data(data: object, source: str) -> BoxRecord:
    """Return the record of one Letter Boxed gameData object."""
    game = _mapping(data, "gameData")
    sides = _words(game, "sides")
    if len(sides) != 4:
        raise ParseError(f"expected 4 sides, got {len(sides)}")
    dictionary = _optional_words(game, "dictionary")
    return BoxRecord(
        date=_print_date(game),
        sides=(sides[0], sides[1], sides[2], sides[3]),
        nyt_solution=_words(game, "ourSolution"),
        par=_optional_int(game, "par"),
        nyt_id=_optional_int(game, "id"),
        dictionary=None if dictionary is None else tuple(sorted(dictionary)),
        yesterdays_sides=_optional_words(game, "yesterdaysSides"),
        yesterdays_solution=_optional_words(game, "yesterdaysSolution"),
        source=source,
    )


def _mapping(data: object, what: str) -> dict:
    """Return data when it is a JSON object."""
    if not isinstance(data, dict):
        raise ParseError(f"{what} is not a JSON object")
    return data


def _field(data: dict, key: str) -> object:
    """Return a required field."""
    if key not in data:
        raise ParseError(f"missing key {key!r}")
    return data[key]


def _text(data: dict, key: str) -> str:
    """Return a required string field."""
    value = _field(data, key)
    if not isinstance(value, str):
        raise ParseError(f"{key} is not a string")
    return value


def _words(data: dict, key: str) -> tuple[Word, ...]:
    """Return a required list of strings, lowercased, in the given order."""
    value = _field(data, key)
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ParseError(f"{key} is not a list of strings")
    return tuple(item.lower() for item in value)


def _optional_words(data: dict, key: str) -> tuple[Word, ...] | None:
    """Return a list of strings, lowercased, or None when the key is missing or null."""
    return None if data.get(key) is None else _words(data, key)


def _optional_int(data: dict, key: str) -> int | None:
    """Return an integer field, or None when the key is missing or null."""
    value = data.get(key)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise ParseError(f"{key} is not an integer")
    return value


def _print_date(data: dict) -> datetime.date:
    """Return the printDate of a gameData object."""
    return _parse_date(_text(data, "printDate"), "%Y-%m-%d")


# ---------------------------------------------------------------------------------------------
# nytbee.com daily pages (https://nytbee.com/Bee_YYYYMMDD.html).


class NytbeeLayout(StrEnum):
    """The page layouts nytbee.com has used, oldest first."""

    EARLY = "early"  # answers in the first ul.column-list after #intro-text
    MIDDLE = "middle"  # answers in #main-answer-list > ul.column-list
    DEFINITIONS = "definitions"  # answers in #main-answer-list > ul.column-list-definitions


ANSWER_COUNT_LABEL = "Number of Answers"
PANGRAM_COUNT_LABEL = "Number of Pangrams"
PAGE_DATE_LAYOUT = "%A, %B %d, %Y"
# The Bokeh charts color today's letters "firebrick"; they are the only place the page states them.
BOKEH_DOCUMENTS = "docs_json = '"
CENTER_CHART = "Center Letter Frequency"
LETTERS_CHART = "Valid Letter Frequency"
HIGHLIGHT_COLOR = "firebrick"


def parse_nytbee_page(html: Html, date: datetime.date) -> BeeRecord:
    """Return the record of a nytbee.com page, checked against the date and counts it states."""
    soup = _soup(html)
    if _page_date(soup) != date:
        raise ParseError(f"page is for {_page_date(soup)}, expected {date}")
    _layout, answer_list = _official_answer_list(soup)
    answers = _list_words(answer_list)
    pangrams = [mark.get_text(strip=True).lower() for mark in answer_list.find_all("mark")]
    counts = _stated_counts(soup)
    if ANSWER_COUNT_LABEL not in counts:
        raise ParseError(f"page states no {ANSWER_COUNT_LABEL!r}")
    _check_count("answers", counts[ANSWER_COUNT_LABEL], answers)
    if PANGRAM_COUNT_LABEL in counts:
        _check_count("pangrams", counts[PANGRAM_COUNT_LABEL], pangrams)
    center, letters = _nytbee_letters(soup, answers)
    return BeeRecord(
        date=date,
        center=center,
        others=_others(letters, center),
        answers=tuple(sorted(answers)),
        pangrams=tuple(sorted(pangrams)),
        source=NYTBEE,
        not_accepted=tuple(sorted(_not_accepted(soup))),
        stated_answer_count=counts[ANSWER_COUNT_LABEL],
    )


def nytbee_layout(html: Html) -> NytbeeLayout:
    """Return which of the known layouts a nytbee.com page uses."""
    layout, _answer_list = _official_answer_list(_soup(html))
    return layout


def _soup(html: Html) -> BeautifulSoup:
    """Return the parsed document."""
    return BeautifulSoup(html, "html.parser")


def _official_answer_list(soup: BeautifulSoup) -> tuple[NytbeeLayout, Tag]:
    """Return the page's layout and its <ul> of official answers."""
    main = soup.find(id="main-answer-list")
    if isinstance(main, Tag):
        definitions = main.find("ul", class_="column-list-definitions")
        if isinstance(definitions, Tag):
            return NytbeeLayout.DEFINITIONS, definitions
        plain = main.find("ul")
        if isinstance(plain, Tag):
            return NytbeeLayout.MIDDLE, plain
        raise ParseError("#main-answer-list holds no <ul>")
    intro = soup.find(id="intro-text")
    early = intro.find_next("ul", class_="column-list") if isinstance(intro, Tag) else None
    if isinstance(early, Tag):
        return NytbeeLayout.EARLY, early
    raise ParseError("no official answer list (neither #main-answer-list nor #intro-text)")


def _list_words(answer_list: Tag) -> list[Word]:
    """Return the word of each <li>, leaving out definition links."""
    words = []
    for item in answer_list.find_all("li"):
        parts = [text for text in item.find_all(string=True) if text.find_parent("a") is None]
        word = "".join(parts).strip().lower()
        if not word or len(word.split()) != 1:
            raise ParseError(f"list item {item.get_text(' ', strip=True)!r} is not one word")
        words.append(word)
    return words


def _not_accepted(soup: BeautifulSoup) -> list[Word]:
    """Return the page's 'valid dictionary words not in today's official answers', if it lists them."""
    section = soup.find(id="not_official")
    if not isinstance(section, Tag):
        return []
    lists = section.find_all("ul")
    return [word for word_list in lists for word in _list_words(word_list)]


def _stated_counts(soup: BeautifulSoup) -> dict[str, int]:
    """Return the numbers the page states in headings like 'Number of Answers: 25'."""
    counts = {}
    for heading in soup.find_all("h3"):
        label, colon, value = heading.get_text(" ", strip=True).partition(":")
        if colon and value.strip().isascii() and value.strip().isdigit():
            counts[label.strip()] = int(value)
    return counts


def _page_date(soup: BeautifulSoup) -> datetime.date:
    """Return the date the page states in an <h2> like 'Wednesday, August 1, 2018'."""
    for heading in soup.find_all("h2"):
        with contextlib.suppress(ParseError):
            return _parse_date(heading.get_text(" ", strip=True), PAGE_DATE_LAYOUT)
    raise ParseError("page states no date")


def _nytbee_letters(soup: BeautifulSoup, answers: list[Word]) -> tuple[str, str]:
    """Return the center and the seven letters: from the charts, else from the answers."""
    charts = _chart_highlights(soup)
    letters = charts.get(LETTERS_CHART) or "".join(sorted(set("".join(answers))))
    center = charts.get(CENTER_CHART) or _common_letters(answers)
    if len(center) != 1:
        raise ParseError(f"cannot tell the center letter: candidates {center!r}")
    return center, letters


def _common_letters(words: list[Word]) -> str:
    """Return the letters every word uses, sorted."""
    if not words:
        return ""
    common = set(words[0]).intersection(*words[1:])
    return "".join(sorted(common))


def _chart_highlights(soup: BeautifulSoup) -> dict[str, str]:
    """Return, by chart title, the letters each Bokeh chart on the page highlights."""
    highlights = {}
    for objects in _bokeh_documents(soup):
        titles = [attributes.get("text") for kind, attributes in objects if kind == "Title"]
        sources = [
            attributes.get("data") for kind, attributes in objects if kind == "ColumnDataSource"
        ]
        colored = [data for data in _dicts(sources) if isinstance(data.get("color"), list)]
        if len(titles) != 1 or len(colored) != 1:
            continue
        pairs = zip(colored[0].get("plotX", []), colored[0]["color"], strict=False)
        highlighted = [str(label).lower() for label, color in pairs if color == HIGHLIGHT_COLOR]
        highlights[str(titles[0])] = "".join(sorted(highlighted))
    return highlights


def _bokeh_documents(soup: BeautifulSoup) -> Iterator[list[tuple[str, dict]]]:
    """Yield the (type, attributes) of the objects of each Bokeh document in the page's scripts."""
    for script in soup.find_all("script"):
        code = script.get_text()
        start = code.find(BOKEH_DOCUMENTS)
        if start < 0:
            continue
        try:
            documents, _end = json.JSONDecoder().raw_decode(code, start + len(BOKEH_DOCUMENTS))
        except json.JSONDecodeError:
            continue  # a chart we cannot read: the letters then come from the answers
        for document in _dicts(documents.values() if isinstance(documents, dict) else []):
            roots = document.get("roots")
            references = roots.get("references") if isinstance(roots, dict) else None
            yield [
                (str(ref.get("type")), ref["attributes"])
                for ref in _dicts(references if isinstance(references, list) else [])
                if isinstance(ref.get("attributes"), dict)
            ]


def _dicts(items: Iterable[object]) -> list[dict]:
    """Return the items that are JSON objects."""
    return [item for item in items if isinstance(item, dict)]
