"""Python's cycle collector, paused for a block that allocates much and leaves few cycles: each
collection walks every object made so far, and a block that makes a million of them sets it off
dozens of times."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def cycle_collector_paused() -> Iterator[None]:
    """Pause the cycle collector for the block (reading the word sources set it off 70 times,
    0.19 s in all; a Spelling Bee batch of every archived puzzle, 0.15 s)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
