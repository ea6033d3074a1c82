"""What several parsers share: dates, stated counts, the seven letters, and parsed HTML."""

from __future__ import annotations

import datetime

from bs4 import BeautifulSoup

from pipeline.sources.records import ParseError, Word

Html = str | bytes


def parse_date(text: str, layout: str) -> datetime.date:
    """Return the date a text states in a strptime layout."""
    try:
        return datetime.datetime.strptime(text, layout).date()
    except ValueError:
        raise ParseError(f"bad date {text!r}") from None


def check_count(what: str, stated: int, listed: list[Word] | tuple[Word, ...]) -> None:
    """Raise ParseError when a source states a count that its own list does not have."""
    if stated != len(listed):
        raise ParseError(f"states {stated} {what} but lists {len(listed)}")


def other_letters(letters: str, center: str) -> str:
    """Return the letters other than the center, sorted; raise when the center is not among them."""
    if len(letters) != 7 or not letters.isalpha():
        raise ParseError(f"expected 7 letters, got {letters!r}")
    if len(center) != 1 or center not in letters:
        raise ParseError(f"center {center!r} is not one of the letters {letters!r}")
    return "".join(sorted(letters.replace(center, "", 1)))


def parse_html(html: Html) -> BeautifulSoup:
    """Return the parsed document (lxml: the pages in a quarter of html.parser's time)."""
    return BeautifulSoup(html, "lxml")
