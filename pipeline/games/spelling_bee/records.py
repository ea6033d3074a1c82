"""A Spelling Bee day as a source tells it (what the parsers of `pipeline/sources/` return):
plain data every layer reads."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import ClassVar

from pipeline.games import SPELLING_BEE
from solvers.masks import Word


@dataclass(frozen=True)
class BeeRecord:
    """One Spelling Bee day as one source tells it."""

    game: ClassVar[str] = SPELLING_BEE.name

    date: datetime.date
    center: str
    others: str  # the six other letters, sorted
    answers: tuple[Word, ...]  # sorted, duplicates kept so that validation can report them
    pangrams: tuple[Word, ...]  # sorted, as the source states them
    source: str
    not_accepted: tuple[Word, ...] = ()  # nytbee.com only: dictionary words not accepted that day
    stated_answer_count: int | None = None  # the count the source states, when it states one

    @property
    def letters(self) -> str:
        """Return the seven letters, center first."""
        return self.center + self.others
