"""A Letter Boxed board as a person gives it, on the command line (`pipeline solve
letter-boxed`) or from Python (`pipeline.api.solve`): its four sides apart (`ozu nri lfa mbt`),
or in one text with `/` between them as `today` prints them (`OZU/NRI/LFA/MBT`, `OZU / NRI /
LFA / MBT`). One reading, one wording of what is wrong (a UserError)."""

from __future__ import annotations

from collections.abc import Sequence

from pipeline.errors import UserError
from solvers import letter_boxed as lb
from solvers.letter_boxed import Board


def board_from_sides(sides: str | Sequence[str]) -> Board:
    """Return the board the sides describe: four texts, or one or more with the sides parted
    by `/` (a single text is one such)."""
    parts = [sides] if isinstance(sides, str) else sides
    if not (isinstance(parts, Sequence) and all(isinstance(part, str) for part in parts)):
        raise UserError(f"the sides are texts (ozu nri lfa mbt, or ozu/nri/lfa/mbt), not {sides!r}")
    try:
        return lb.parse_board(" ".join(parts).replace("/", " ").split())
    except ValueError as error:
        raise UserError(str(error)) from None
