"""Validation of parsed records: each rule on a crafted bad record, then the real mirror if set."""

from __future__ import annotations

import datetime
from dataclasses import replace
from pathlib import Path

import pytest

from pipeline.sources.bulk_archive import parse_bulk_archive
from pipeline.sources.nyt_gamedata import parse_nyt_gamedata_day
from pipeline.sources.nytbee import parse_nytbee_page
from pipeline.sources.records import BeeRecord, BoxRecord
from pipeline.sources.simeydk import parse_letterboxed_day
from pipeline.validate import (
    bee_problems,
    box_problems,
    box_word_problem,
)
from tests.conftest import BULK_PATH, SIMEYDK_DIR, TEDMISTON_DIR
from tests.made_up_days import BLACKSMITH

D = datetime.date

# A made-up Spelling Bee day: center p, others a e l n r t.
PLANTER = BeeRecord(
    date=D(2024, 6, 11),
    center="p",
    others="aelnrt",
    answers=("apple", "leap", "panel", "pant", "plant", "planter", "replant", "trap"),
    pangrams=("planter", "replant"),
    source="bulk_archive",
    stated_answer_count=8,
)


# --- Spelling Bee ------------------------------------------------------------------------------


def test_a_good_bee_record_has_no_problems():
    assert bee_problems(PLANTER) == []


@pytest.mark.parametrize(
    ("change", "problems"),
    [
        (
            {"center": "P"},
            ["letters 'Paelnrt' are not all a-z"],
        ),
        (
            {"center": "pa", "others": "elnrt"},
            ["center 'pa' is not one letter"],
        ),
        (
            {"others": "aelnpt"},
            [
                "center 'p' is also among the others 'aelnpt'",
                "letters 'paelnpt' are not 7 distinct letters",
            ],
        ),
        (
            {"others": "aelnr"},
            ["letters 'paelnr' are not 7 distinct letters"],
        ),
    ],
)
def test_bee_letter_rules(change, problems):
    assert bee_problems(replace(PLANTER, **change)) == problems


@pytest.mark.parametrize(
    ("answers", "problem"),
    [
        (("pat",), "answers that are shorter than 4 letters: 1: pat"),
        (("alert", "rental"), "answers that lack the center 'p': 2: alert, rental"),
        (("plump",), "answers that use letters outside 'paelnrt': 1: plump"),
        (("Plant", "pl-an"), "answers that are not a-z words: 2: Plant, pl-an"),
        (("apple", "trap"), "answers that are listed more than once: 2: apple, trap"),
    ],
)
def test_bee_answer_rules(answers, problem):
    record = replace(PLANTER, answers=tuple(sorted(PLANTER.answers + answers)))
    assert bee_problems(record) == [
        problem,
        "source states 8 answers but lists " + str(len(record.answers)),
    ]


def test_bee_answer_problems_show_a_few_words_and_the_count():
    short = ("pal", "pan", "par", "pat", "pea", "pen", "pet")
    record = replace(PLANTER, answers=(*short, "planter"), pangrams=("planter",))
    record = replace(record, stated_answer_count=None)
    assert bee_problems(record) == [
        "answers that are shorter than 4 letters: 7: pal, pan, par, pat, pea, ...",
    ]


def test_bee_pangram_rules_report_both_directions():
    record = replace(PLANTER, pangrams=("plant", "planter", "trapeze"))
    assert bee_problems(record) == [
        "pangrams not among the answers using all 7 letters: 2: plant, trapeze",
        "answers using all 7 letters not listed as pangrams: 1: replant",
    ]


def test_bee_answers_must_exist_and_include_a_pangram():
    no_answers = replace(PLANTER, answers=(), pangrams=(), stated_answer_count=None)
    assert bee_problems(no_answers) == ["the answer list is empty"]
    no_pangram = replace(PLANTER, answers=("apple", "trap"), pangrams=(), stated_answer_count=2)
    assert bee_problems(no_pangram) == ["no answer uses all 7 letters"]


def test_bee_stated_count_must_match_when_given():
    assert bee_problems(replace(PLANTER, stated_answer_count=9)) == [
        "source states 9 answers but lists 8"
    ]
    assert bee_problems(replace(PLANTER, stated_answer_count=None)) == []


# --- Letter Boxed ------------------------------------------------------------------------------


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
    assert box_word_problem(word, BLACKSMITH.sides) == reason


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


def problems_by_date(records, check) -> dict[datetime.date, list[str]]:
    """Return the problems of each record that has some."""
    return {record.date: problems for record in records if (problems := check(record))}


@pytest.mark.mirror
def test_mirror_every_bulk_line_validates(mirror):
    records = parse_bulk_archive((mirror / BULK_PATH).read_text(encoding="utf-8"))
    assert len(records) == 2650
    assert problems_by_date(records, bee_problems) == {}


@pytest.mark.mirror
def test_mirror_every_tedmiston_day_validates(mirror):
    paths = sorted((mirror / TEDMISTON_DIR).glob("*.json"))
    records = [parse_nyt_gamedata_day(path.read_bytes()) for path in paths]
    assert problems_by_date(records, bee_problems) == {}


@pytest.mark.mirror
def test_mirror_nytbee_pages_validate_except_one_unmarked_pangram(mirror):
    records = []
    for path in sorted((mirror / "nytbee.com").glob("Bee_*.html")):
        date = datetime.datetime.strptime(path.stem, "Bee_%Y%m%d").date()
        records.append(parse_nytbee_page(path.read_bytes(), date))
    problems = problems_by_date(records, bee_problems)
    # The page of 2018-08-01 highlights no pangram; the answer list itself is complete.
    assert list(problems) == [D(2018, 8, 1)]
    assert problems[D(2018, 8, 1)][0].startswith(
        "answers using all 7 letters not listed as pangrams"
    )


@pytest.fixture(scope="module")
def letter_boxed_days(mirror: Path) -> dict[datetime.date, BoxRecord]:
    """Return every simeydk day by date."""
    records = [parse_letterboxed_day(p.read_bytes()) for p in (mirror / SIMEYDK_DIR).glob("*.json")]
    return {record.date: record for record in records}


@pytest.mark.mirror
def test_mirror_every_letter_boxed_day_validates_with_its_dictionary(letter_boxed_days):
    assert problems_by_date(letter_boxed_days.values(), box_problems) == {}
