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


def parse_html(html: Html) -> BeautifulSoup:
    """Return the parsed document (lxml: the pages in a quarter of html.parser's time)."""
    return BeautifulSoup(html, "lxml")
