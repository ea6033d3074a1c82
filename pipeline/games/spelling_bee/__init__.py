"""Spelling Bee: its records (`records.py`), what the game adds to each stage (`hooks.py`, naming
the modules that do the work: `archive.py`, `today.py`, `style.py`, `honeycombs.py`), its
commands (`cli.py`), how its puzzles are generated (`generate.py`, `generator.py`) and played
(`play.py`, `api.py`).
Import-light: each module loads when it is first used.
"""

from __future__ import annotations

import datetime as dt

# The first archived Spelling Bee puzzle with S among its letters (f, ablosu): the NYT left S out
# before. The honeycomb analysis splits its eras here; `solve` notes S puzzles' rarity.
S_ALLOWED_FROM = dt.date(2025, 3, 12)
