"""Clues from WordNet's glosses: the blanking and the form names on hand-written senses, when a
gloss says too little (on hand-picked texts and the clues judged by hand in tests/clue_judgments.py),
the clues of hand-picked words from the mirror's WordNet (exact texts), and a sweep of every clue of
the mirror's archive (none holds its answer, its base form or a word sharing its first five
letters) with the report year's coverage."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from pipeline.games import GAMES, LETTER_BOXED, SPELLING_BEE
from pipeline.model.clues import (
    BLANK,
    STOP_WORDS,
    Clue,
    Sense,
    blanked,
    clue,
    content_words,
    form_name,
    puzzle_clues,
    says_enough,
    shares_stem,
    tidy_gloss,
    word_forms,
)
from pipeline.stages.clues import answer_clues, archive_clues, archived_clues, clue_coverage
from pipeline.stages.words import nltk_corpus
from tests.clue_judgments import JUDGED

LADE = [
    Sense("verb", "remove with or as if with a ladle", "ladle the water out of the bowl"),
    Sense("verb", "fill or place a load on", "load a car"),
]


def test_word_forms_are_the_regular_inflections():
    assert {"tidies", "tidied", "tidying", "tidier", "tidiest", "tidily"} <= word_forms("tidy")
    assert {"laded", "lading", "lades", "lader"} <= word_forms("lade")
    assert {"hopped", "hopping", "hops"} <= word_forms("hop")
    assert "lad" not in word_forms("lade")


@pytest.mark.parametrize(
    ("token", "key", "shares"),
    [
        ("Ladles", "ladle", True),
        ("ladle", "lade", False),  # lad-e and lad-le: three letters are no stem
        ("baked", "bakery", True),  # four letters of a word of up to six
        ("abandoned", "abandonment", True),  # five letters of a longer one
        ("range", "ran", False),  # a three-letter word: only its own forms
        ("running", "run", True),
    ],
)
def test_shares_stem(token, key, shares):
    assert shares_stem(token, key) is shares


def test_blanked_keeps_the_punctuation_and_the_other_words():
    assert blanked("Tidy up your room!", ("tidied", "tidy")) == f"{BLANK} up your room!"
    assert blanked("a self-tidying robot", ("tidy",)) == f"a self-{BLANK} robot"


@pytest.mark.parametrize(
    ("word", "base", "part", "name"),
    [
        ("tidy", "tidy", "verb", None),
        ("geese", "goose", "noun", "plural"),
        ("tidied", "tidy", "verb", "past tense"),
        ("hopping", "hop", "verb", "-ing form"),
        ("runs", "run", "verb", "third person singular"),
        ("taken", "take", "verb", "past participle"),
        ("ran", "run", "verb", "past tense"),
        ("tidier", "tidy", "adjective", "comparative"),
        ("best", "good", "adjective", "superlative"),
    ],
)
def test_form_name(word, base, part, name):
    assert form_name(word, base, part) == name


def test_a_clue_naming_another_answer_gives_way_to_the_next_sense():
    assert clue("laded", "lade", LADE) == Clue(
        "past tense: remove with or as if with a ladle", "ladle the water out of the bowl"
    )
    assert clue("laded", "lade", LADE, other_answers=("ladle", "laded")) == Clue(
        "past tense: fill or place a load on", "load a car"
    )


def test_when_every_sense_names_another_answer_the_first_is_kept_with_it_blanked():
    senses = [Sense("noun", "floating ball that controls level in a water tank", None)]
    assert clue("ballcock", "ballcock", senses, ("ball", "cock")) == Clue(
        f"floating {BLANK} that controls level in a water tank", None
    )


def test_a_word_without_a_usable_sense_gets_no_clue():
    assert clue("tidy", "tidy", [Sense("adjective", "tidy", None)]) is None
    assert clue("tidy", "tidy", []) is None
    assert puzzle_clues(["tidy", "collab"], {"tidy": ("tidy", LADE)}) == {
        "tidy": Clue(LADE[0].gloss, "ladle the water out of the bowl"),
        "collab": None,
    }


@pytest.mark.parametrize(
    ("text", "enough"),
    [
        ("make ___ or ___", False),  # thicken
        ("cause to ___ or to become ___", False),  # open
        ("small ___", False),  # kitchenette
        ("reason by ___; establish by ___", False),  # deduced
        ("be about", False),  # tarry: no word but stop words
        ("gather", True),  # rally: a synonym is a clue
        ("make viscous or dense", True),
        ("edible starchy tuberous ___ of ___ plants", True),
    ],
)
def test_says_enough_weighs_the_words_that_are_not_blanks_or_stop_words(text, enough):
    assert says_enough(text) is enough


def test_the_rule_agrees_with_the_clues_judged_by_hand_before_the_report_year():
    agrees = sum(says_enough(text) is enough for _, text, enough in JUDGED)
    at_least_two = sum((content_words(text) >= 2) is enough for _, text, enough in JUDGED)
    assert (len(JUDGED), agrees, at_least_two) == (100, 86, 77)


def test_the_stop_words_are_nltks_english_ones_made_of_letters():
    nltk_words = nltk_corpus("stopwords", offline=True).words("english")
    assert frozenset(word for word in nltk_words if word.isalpha()) == STOP_WORDS


THICKEN = [
    Sense("verb", "make thick or thicker", "Thicken the sauce"),
    Sense("verb", "become thick or thicker", "The sauce thickened"),
    Sense("verb", "make viscous or dense", "thicken the sauce by adding flour"),
]


def test_a_gloss_that_says_too_little_gives_way_to_the_next_sense():
    assert clue("thicken", "thicken", THICKEN) == Clue(
        "make viscous or dense", f"{BLANK} the sauce by adding flour"
    )


def test_then_to_an_example_sentence_that_says_enough_then_it_is_kept_or_dropped():
    weak = [
        Sense("verb", "drink wine", None),
        Sense("verb", "treat to wine", "They wined us"),  # says too little too
        Sense("verb", "treat to wine", "Our relatives wined and dined us"),
    ]
    assert clue("wined", "wine", weak) == Clue(
        f"past tense: Our relatives {BLANK} and dined us", None
    )
    assert clue("wined", "wine", weak[:1]) == Clue(f"past tense: drink {BLANK}", None)
    assert clue("neatly", "neatly", [Sense("adverb", "with neatness", None)]) is None


def test_an_example_is_preferred_to_a_gloss_naming_another_answer():
    senses = [Sense("adverb", "in a natty manner", "it was arranged carefully and nattily")]
    assert clue("nattily", "nattily", senses, ("natty",)) == Clue(
        f"it was arranged carefully and {BLANK}", None
    )
    assert clue("nattily", "nattily", [Sense("adverb", "in a natty manner", None)], ("natty",)) == (
        Clue(f"in a {BLANK} manner", None)
    )


def test_tidy_gloss_drops_what_nltk_left_of_the_quoted_examples():
    gloss = "domesticated bovine animals as a group regardless of sex or age; ; ; - Bible"
    assert tidy_gloss(gloss) == "domesticated bovine animals as a group regardless of sex or age"


# --- the mirror's WordNet, through the warehouse (PIPELINE_MIRROR) ------------------------------


@pytest.fixture(scope="module")
def mirror(mirror_warehouse):
    with mirror_warehouse.connect() as con:
        yield con


@pytest.mark.mirror
def test_clues_of_hand_picked_words(mirror):
    answers = ["laded", "ladle", "tidied", "geese", "runs", "best", "ballcock", "ball", "oxen"]
    weak = ["thicken", "open", "kitchenette", "deduced", "wining", "neatly", "again"]
    assert answer_clues(mirror, answers + weak + ["collab"]) == {
        "laded": Clue("past tense: fill or place a load on", "load a car"),
        "ladle": Clue(
            "a spoon-shaped vessel with a long handle; frequently used to transfer liquids from "
            "one container to another",
            None,
        ),
        "tidied": Clue("past tense: put (things or places) in order", "___ up your room!"),
        "geese": Clue(
            "plural: web-footed long-necked typically gregarious migratory aquatic birds usually "
            "larger and less aquatic than ducks",
            None,
        ),
        "runs": Clue(
            "third person singular: move fast by using one's feet, with one foot off the ground "
            "at any given time",
            "Don't ___--you'll be out of breath",
        ),
        "best": Clue(
            "(superlative of `good') having the most positive qualities", "the ___ film of the year"
        ),
        "ballcock": Clue("floating ___ that controls level in a water tank", None),
        "ball": Clue(
            "round object that is hit or thrown or kicked in games",
            "the ___ travelled 90 mph on his serve",
        ),
        "oxen": Clue(
            "domesticated bovine animals as a group regardless of sex or age",
            "so many head of cattle",
        ),
        "thicken": Clue("make viscous or dense", "___ the sauce by adding flour"),
        "open": Clue(
            "start to operate or function or cause to start operating or functioning",
            "___ a business",
        ),
        "kitchenette": Clue("small ___", None),  # WordNet's only gloss: kept, saying little
        "deduced": Clue("past tense: conclude by reasoning; in logic", None),
        "wining": Clue("-ing form: Our relatives in Italy ___ and dined us for a week", None),
        "neatly": Clue("she put the slippers under the bed ___", None),
        "again": Clue("anew", "she tried ___"),  # a synonym says enough
        "collab": None,
    }


@pytest.mark.mirror
def test_an_archived_puzzles_clues(mirror):
    assert archived_clues(mirror, LETTER_BOXED, dt.date(2025, 8, 9)) == {
        "skyjacking": Clue(
            "-ing form: subject an aircraft to air piracy", "the plane was ___ to Uzbekistan"
        ),
        "glow": Clue(
            "emit a steady even light without flames",
            "The fireflies were ___ and flying about in the garden",
        ),
    }
    assert archived_clues(mirror, SPELLING_BEE, dt.date(2030, 1, 1)) == {}


WORD = re.compile(r"[A-Za-z]+")
REPORT_YEAR = (dt.date(2024, 8, 10), dt.date(2025, 8, 9))
CLUES_PAGE = Path(__file__).resolve().parent.parent / "docs" / "clues.md"


@pytest.mark.mirror
@pytest.mark.parametrize(
    ("game", "coverage", "strict_coverage", "as_written"),
    [
        (SPELLING_BEE, 14318 / 16223, 14057 / 16223, ("88.26%", "86.65%")),
        (LETTER_BOXED, 577 / 664, 577 / 664, ("86.90%", "86.90%")),
    ],
    ids=[game.name for game in GAMES],
)
def test_every_archived_clue_hides_its_answer(mirror, game, coverage, strict_coverage, as_written):
    clues_by_date = archive_clues(mirror, game)
    base_of = dict(mirror.execute("SELECT word, base_form FROM wordnet_words").fetchall())
    for day in clues_by_date.values():
        for answer, found in day.items():
            if found is None:
                continue
            forbidden = {answer, base_of[answer]}
            for text in (found.text, found.example or ""):
                for token in map(str.lower, WORD.findall(text)):
                    assert token not in forbidden, (answer, text)
                    assert len(answer) < 5 or token[:5] != answer[:5], (answer, text)
    assert clue_coverage(clues_by_date, *REPORT_YEAR) == coverage
    strict = archive_clues(mirror, game, strict=True)  # every gloss naming another: no clue
    assert clue_coverage(strict, *REPORT_YEAR) == strict_coverage
    assert (f"{coverage:.2%}", f"{strict_coverage:.2%}") == as_written
    paragraph = next(
        p
        for p in CLUES_PAGE.read_text().split("\n\n")
        if p.startswith("Of the mirror's report year")
    )
    assert all(f"{figure} " in paragraph for figure in as_written)  # as docs/clues.md gives them
