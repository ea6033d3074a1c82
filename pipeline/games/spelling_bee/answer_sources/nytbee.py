"""nytbee.com daily pages: the official answers, and the dictionary words not accepted that day."""

from __future__ import annotations

import contextlib
import datetime
import json
from collections.abc import Iterable, Iterator
from enum import StrEnum

from bs4 import BeautifulSoup, Tag

from pipeline.games.spelling_bee.answer_sources import NYTBEE
from pipeline.games.spelling_bee.answer_sources.letters import other_letters
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.sources.parsing import Html, check_count, parse_date, parse_html
from pipeline.sources.records import ParseError, Word


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
    return parse_nytbee_layout_and_page(html, date)[1]


def parse(html: Html, date: datetime.date | None) -> list[BeeRecord]:
    """Return the record of a day's page (the registry's parser)."""
    if date is None:
        raise ParseError("a nytbee.com page is read for a date")
    return [parse_nytbee_page(html, date)]


def parse_nytbee_layout_and_page(html: Html, date: datetime.date) -> tuple[NytbeeLayout, BeeRecord]:
    """Return the layout and the record of a nytbee.com page, from one parse of its HTML."""
    soup = parse_html(html)
    if _page_date(soup) != date:
        raise ParseError(f"page is for {_page_date(soup)}, expected {date}")
    layout, answer_list = _official_answer_list(soup)
    answers = _list_words(answer_list)
    pangrams = [mark.get_text(strip=True).lower() for mark in answer_list.find_all("mark")]
    counts = _stated_counts(soup)
    if ANSWER_COUNT_LABEL not in counts:
        raise ParseError(f"page states no {ANSWER_COUNT_LABEL!r}")
    check_count("answers", counts[ANSWER_COUNT_LABEL], answers)
    if PANGRAM_COUNT_LABEL in counts:
        check_count("pangrams", counts[PANGRAM_COUNT_LABEL], pangrams)
    center, letters = _nytbee_letters(soup, answers)
    return layout, BeeRecord(
        date=date,
        center=center,
        others=other_letters(letters, center),
        answers=tuple(sorted(answers)),
        pangrams=tuple(sorted(pangrams)),
        source=NYTBEE,
        not_accepted=tuple(sorted(_not_accepted(soup))),
        stated_answer_count=counts[ANSWER_COUNT_LABEL],
    )


def nytbee_layout(html: Html) -> NytbeeLayout:
    """Return which of the known layouts a nytbee.com page uses."""
    layout, _answer_list = _official_answer_list(parse_html(html))
    return layout


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
            return parse_date(heading.get_text(" ", strip=True), PAGE_DATE_LAYOUT)
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
