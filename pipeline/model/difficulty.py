"""The difficulty people choose when generating: a third of the NYT's recent puzzles, or any."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

TOP = 100.01  # above every percentile: the hardest third holds 100


class Difficulty(StrEnum):
    """A third of the NYT's recent puzzles by difficulty percentile (in this order), or any."""

    easy = "easy"
    medium = "medium"
    hard = "hard"
    any = "any"

    @property
    def bounds(self) -> tuple[float, float]:
        """Return the difficulty percentiles of this third: low <= percentile < high."""
        if self is Difficulty.any:
            return 0.0, TOP
        third = list(Difficulty).index(self)
        return third * 100 / 3, TOP if self is Difficulty.hard else (third + 1) * 100 / 3

    def holds(self, percentile: Any) -> Any:
        """Return which difficulty percentiles (a number or a numpy array) fall in this third."""
        low, high = self.bounds
        return (percentile >= low) & (percentile < high)
