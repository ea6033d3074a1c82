"""A Spelling Bee source's letters, as the parsers of this package check them."""

from __future__ import annotations

from pipeline.sources.records import ParseError


def other_letters(letters: str, center: str) -> str:
    """Return the letters other than the center, sorted; raise when the center is not among them."""
    if len(letters) != 7 or not letters.isalpha():
        raise ParseError(f"expected 7 letters, got {letters!r}")
    if len(center) != 1 or center not in letters:
        raise ParseError(f"center {center!r} is not one of the letters {letters!r}")
    return "".join(sorted(letters.replace(center, "", 1)))
