"""The difficulty people choose when generating: a third of the NYT's recent puzzles, or any."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

THIRDS = {"easy": (0.0, 100 / 3), "medium": (100 / 3, 200 / 3), "hard": (200 / 3, 100.01)}


class Difficulty(StrEnum):
    """A third of the NYT's recent puzzles by difficulty percentile, or any."""

    easy = "easy"
    medium = "medium"
    hard = "hard"
    any = "any"

    def holds(self, percentile: Any) -> Any:
        """Return which difficulty percentiles (a number or a numpy array) fall in this third."""
        low, high = THIRDS.get(self.value, (0.0, 100.01))
        return (percentile >= low) & (percentile < high)
