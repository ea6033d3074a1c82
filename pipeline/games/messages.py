"""How both validators name a list of offending words in a one-line problem."""

from __future__ import annotations

from collections.abc import Iterable

from pipeline.sources.records import Word

SHOWN_WORDS = 5


def some_words(words: Iterable[Word], shown: int = SHOWN_WORDS) -> str:
    """Return 'N: a, b, c, ...' naming the first few words of a list."""
    words = list(words)
    more = ", ..." if len(words) > shown else ""
    return f"{len(words)}: {', '.join(words[:shown])}{more}"
