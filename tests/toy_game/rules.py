"""The toy game's rules, pure: a word is eligible when it is made of the puzzle's letters."""

from __future__ import annotations

MIN_LENGTH = 3


def allows(letters: str, word: str) -> bool:
    """Return True when a word is made of the letters and long enough."""
    return len(word) >= MIN_LENGTH and set(word) <= set(letters)
