"""A Spelling Bee as a person gives it, on the command line (`pipeline solve spelling-bee`) or
from Python (`pipeline.api.solve`): its seven letters, center first (`entivcz`, or the letters
one by one), or the center and the six others apart (`-c e -o ntivcz`). One reading, one wording
of what is wrong (a UserError)."""

from __future__ import annotations

from collections.abc import Sequence

from pipeline.errors import UserError
from solvers.spelling_bee import Puzzle, make_puzzle, parse_letters

LETTERS_FORM = "give the letters, center first (entivcz), or -c CENTER -o OTHERS"


def puzzle_from_letters(
    letters: str | Sequence[str] | None, center: str | None = None, others: str | None = None
) -> Puzzle:
    """Return the puzzle given as its letters (a text, or texts joined), or as a center and the
    others apart."""
    try:
        if letters is not None:
            if center is not None or others is not None:
                raise ValueError("give either LETTERS or -c/-o, not both")
            return parse_letters(joined_text(letters))
        if center is None or others is None:
            raise ValueError(LETTERS_FORM)
        return make_puzzle(center, others)
    except ValueError as error:
        raise UserError(str(error)) from None


def joined_text(letters: str | Sequence[str]) -> str:
    """Return letters given as a text or as texts (`["e", "n", ...]`) as one text."""
    if isinstance(letters, str):
        return letters
    if not (isinstance(letters, Sequence) and all(isinstance(part, str) for part in letters)):
        raise ValueError(f"the letters are text (entivcz), not {letters!r}")
    return "".join(letters)
