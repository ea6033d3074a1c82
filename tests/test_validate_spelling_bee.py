"""Spelling Bee validation: each rule on a crafted bad record, then the real mirror if set."""

from __future__ import annotations

import datetime
from dataclasses import replace

import pytest

from pipeline.games.spelling_bee.answer_sources.bulk_archive import parse_bulk_archive
from pipeline.games.spelling_bee.answer_sources.nyt_gamedata import parse_nyt_gamedata_day
from pipeline.games.spelling_bee.archive import bee_problems
from pipeline.games.spelling_bee.records import BeeRecord
from tests.conftest import BULK_PATH, TEDMISTON_DIR, problems_by_date

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


# --- the real mirror (PIPELINE_MIRROR) ----------------------------------------------------------


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
def test_mirror_nytbee_pages_validate_except_one_unmarked_pangram(nytbee_pages):
    records = [record for _layout, record in nytbee_pages.values()]
    problems = problems_by_date(records, bee_problems)
    # The page of 2018-08-01 highlights no pangram; the answer list itself is complete.
    assert list(problems) == [D(2018, 8, 1)]
    assert problems[D(2018, 8, 1)][0].startswith(
        "answers using all 7 letters not listed as pangrams"
    )
