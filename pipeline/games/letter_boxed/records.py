"""A Letter Boxed day as a source tells it (what the parsers of `pipeline/sources/` return):
plain data every layer reads."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import ClassVar

from pipeline.games import LETTER_BOXED
from solvers.masks import Word


@dataclass(frozen=True)
class BoxRecord:
    """One Letter Boxed day as one source tells it."""

    game: ClassVar[str] = LETTER_BOXED.name

    date: datetime.date
    sides: tuple[str, str, str, str]  # order kept as given
    nyt_solution: tuple[Word, ...]
    par: int | None
    nyt_id: int | None
    dictionary: tuple[Word, ...] | None  # sorted; None when unknown
    yesterdays_sides: tuple[str, ...] | None
    yesterdays_solution: tuple[Word, ...] | None
    source: str
