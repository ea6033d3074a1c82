"""Letter Boxed validation: each rule on a crafted bad record, then the real mirror if set."""

from __future__ import annotations

import datetime
from dataclasses import replace
from pathlib import Path

import pytest

from pipeline.games.letter_boxed.answer_sources.simeydk import parse_letterboxed_day
from pipeline.games.letter_boxed.archive import box_problems
from pipeline.games.letter_boxed.records import BoxRecord
from solvers.letter_boxed import Board, unplayable_reason
from tests.conftest import SIMEYDK_DIR, problems_by_date
from tests.made_up_days import BLACKSMITH


def test_a_good_box_record_has_no_problems():
    assert box_problems(BLACKSMITH) == []


@pytest.mark.parametrize(
    ("sides", "problems"),
    [
        (
            ("bam", "lci", "kto"),
            ["expected 4 sides, got 3", "box letters 'bamlcikto' are not 12 distinct letters"],
        ),
        (
            ("bam", "lci", "kto", "shpx"),
            [
                "side 'shpx' does not have 3 letters",
                "box letters 'bamlciktoshpx' are not 12 distinct letters",
            ],
        ),
        (("bam", "lci", "kto", "sh1"), ["box letters 'bamlciktosh1' are not all a-z"]),
        (("bam", "lci", "kto", "shb"), ["box letters 'bamlciktoshb' are not 12 distinct letters"]),
    ],
)
def test_box_shape_rules(sides, problems):
    assert box_problems(replace(BLACKSMITH, sides=sides)) == problems


@pytest.mark.parametrize(
    ("word", "reason"),
    [
        ("host", None),
        ("Host", "not a-z"),
        ("oh", "shorter than 3 letters"),
        ("ghost", "uses 'g', not on the box"),
        ("bait", "'ba' are on one side"),
    ],
)
def test_box_word_rules(word, reason):
    assert unplayable_reason(Board(BLACKSMITH.sides), word) == reason


@pytest.mark.parametrize(
    ("solution", "problems"),
    [
        ((), ["the NYT solution is empty"]),
        (("blacksmith",), ["NYT solution leaves letters unused: op"]),
        (
            ("blacksmith", "ohms"),
            [
                "NYT solution word 'ohms' does not start with the last letter of 'blacksmith'",
                "NYT solution leaves letters unused: p",
            ],
        ),
        (
            ("blacksmith", "hope"),
            ["NYT solution word 'hope': uses 'e', not on the box"],
        ),
        (
            ("blacksmith", "hops"),
            ["NYT solution word 'hops': 'ps' are on one side"],
        ),
        (
            ("blacksmith", "ho", "op"),
            [
                "NYT solution word 'ho': shorter than 3 letters",
                "NYT solution word 'op': shorter than 3 letters",
            ],
        ),
    ],
)
def test_box_solution_rules(solution, problems):
    assert box_problems(replace(BLACKSMITH, nyt_solution=solution)) == problems


def test_box_dictionary_problems_show_a_few_words_and_the_count():
    bad = ("bait", "clip", "ghost", "limb", "milk", "moth", "oh")
    record = replace(BLACKSMITH, dictionary=BLACKSMITH.dictionary + bad)
    assert box_problems(record) == [
        "dictionary words that break the rules: 7: bait ('ba' are on one side), "
        "clip ('cl' are on one side), ghost (uses 'g', not on the box), "
        "limb ('li' are on one side), milk ('il' are on one side), ..."
    ]


def test_box_without_dictionary_checks_only_the_solution():
    assert box_problems(replace(BLACKSMITH, dictionary=None)) == []


# --- the real mirror (PIPELINE_MIRROR) ----------------------------------------------------------


@pytest.fixture(scope="module")
def letter_boxed_days(mirror: Path) -> dict[datetime.date, BoxRecord]:
    """Return every simeydk day by date."""
    records = [parse_letterboxed_day(p.read_bytes()) for p in (mirror / SIMEYDK_DIR).glob("*.json")]
    return {record.date: record for record in records}


@pytest.mark.mirror
def test_mirror_every_letter_boxed_day_validates_with_its_dictionary(letter_boxed_days):
    assert problems_by_date(letter_boxed_days.values(), box_problems) == {}
