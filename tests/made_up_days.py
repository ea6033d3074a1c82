"""Made-up puzzle days shared by the parser and validation tests."""

from __future__ import annotations

import datetime

from pipeline.games.letter_boxed.records import BoxRecord

# A made-up Letter Boxed day: BLACKSMITH-HOP uses all twelve letters.
BLACKSMITH = BoxRecord(
    date=datetime.date(2024, 6, 11),
    sides=("bam", "lci", "kto", "shp"),
    nyt_solution=("blacksmith", "hop"),
    par=4,
    nyt_id=2001,
    dictionary=("blacksmith", "chip", "chop", "hop", "host", "ohms", "talk"),
    yesterdays_sides=("yea", "run", "dgt", "wol"),
    yesterdays_solution=("tundra", "allow"),
    source="simeydk",
)

# Made-up puzzles: "planter" (center p), "climbed" (center b), "crowned" (center w).
PLANTER_ANSWERS = (
    "apple",
    "leap",
    "panel",
    "pant",
    "paper",
    "petal",
    "plant",
    "planter",
    "replant",
    "trap",
)
CLIMBED_ANSWERS = (
    "belie",
    "bide",
    "bile",
    "bled",
    "bleed",
    "climb",
    "climbed",
    "embed",
    "imbed",
    "limb",
)
CROWNED_ANSWERS = (
    "cower",
    "crew",
    "crowd",
    "crown",
    "crowned",
    "dower",
    "drown",
    "endow",
    "owner",
    "rowed",
    "wonder",
    "wooden",
    "wren",
)
