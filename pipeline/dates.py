"""Dates as the pipeline counts them, said once: day numbers since 1970-01-01 (the evidence's
and the style's days: numpy holds them as integers, and they cross to DuckDB as such) and the
year windows the build chooses its rule on and the report scores.
"""

from __future__ import annotations

import datetime as dt

EPOCH = dt.date(1970, 1, 1)
YEAR_DAYS = 364  # a year window is its last day and the 364 days before: 52 whole weeks
VALIDATION_YEARS = 1  # the years before the last one the build chooses its rule on


def day_number(date: dt.date) -> int:
    """Return a date's day number: its days since 1970-01-01."""
    return (date - EPOCH).days


def date_of(day: int) -> dt.date:
    """Return the date of a day number."""
    return EPOCH + dt.timedelta(days=int(day))


def last_year(last: dt.date) -> tuple[dt.date, dt.date]:
    """Return the year window that ends on `last` (the report's default window)."""
    return last - dt.timedelta(days=YEAR_DAYS), last


def validation_window(last: dt.date) -> tuple[dt.date, dt.date]:
    """Return the year before the last year of an archive ending on `last`: rules are chosen
    there, and judged on the year after it."""
    test_from, _ = last_year(last)
    return test_from - dt.timedelta(days=365 * VALIDATION_YEARS), test_from - dt.timedelta(days=1)


def window_words(first: dt.date | None, last: dt.date | None) -> str:
    """Return a window of dates as a sentence says it: `on DAY`, `from FIRST to LAST`, `from
    FIRST on`, `until LAST`, or `stored` when it has no bound."""
    if first is not None and first == last:
        return f"on {first}"
    if first is not None and last is not None:
        return f"from {first} to {last}"
    if first is not None:
        return f"from {first} on"
    return f"until {last}" if last is not None else "stored"
