"""Clues from WordNet's glosses: the blanking (a word's stem, its other forms) and the form names on
hand-written senses, when a gloss says too little (on hand-picked texts and the clues judged by
hand in tests/clue_judgments.py) and what it gives way to (the next sense, its synonyms, its
hypernym, what it is about), the clues of hand-picked words from the mirror's WordNet (exact
texts), the frame words learned again from the archive before the report year, and the sweep of
the report year's clues by the judges of tests/clue_faults.py (no clue shows a form of its answer
or says nothing once blanked) with its coverage."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from pipeline.games import GAMES, LETTER_BOXED, SPELLING_BEE
from pipeline.model.clues import (
    BLANK,
    FRAME_WORDS,
    STOP_WORDS,
    TOKEN,
    Clue,
    Described,
    Own,
    Sense,
    answer_forms,
    blanked,
    clue,
    clue_among,
    content_words,
    form_name,
    own_blanked,
    puzzle_clues,
    says_enough,
    shares_stem,
    tidy_gloss,
    word_forms,
)
from pipeline.stages.clues import (
    answer_clues,
    archive_clues,
    archived_clues,
    clue_coverage,
    described_words,
)
from pipeline.stages.words import nltk_corpus
from pipeline.storage.warehouse import WarehouseReader
from tests.clue_faults import REPORT_YEAR, Judge, sweep
from tests.clue_judgments import FRAMED, JUDGED

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
        ("parachute", "chute", True),  # a word of four letters or more inside another
        ("tact", "tactfully", True),  # a word of four letters or more that begins it
        ("fact", "tactfully", False),
    ],
)
def test_shares_stem(token, key, shares):
    assert shares_stem(token, key) is shares


def test_blanked_keeps_the_punctuation_and_the_other_words():
    assert blanked("Tidy up your room!", ("tidied", "tidy")) == f"{BLANK} up your room!"
    assert blanked("a self-tidying robot", ("tidy",)) == f"a self-{BLANK} robot"


def test_a_words_other_forms_are_blanked_with_their_regular_forms():
    give = Own("give", "give", ("gave", "given"))
    assert own_blanked("She gave him a black eye", give) == f"She {BLANK} him a black eye"
    dimmed = Own("dimmed", "dimmed", ("dim", "dimmer", "dimmest", "dimming"))
    assert own_blanked("made dim or less bright; dims", dimmed) == (
        f"made {BLANK} or less bright; {BLANK}"
    )
    assert own_blanked("a dime", dimmed) == "a dime"  # not a form of dim


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


def test_when_no_gloss_says_anything_a_text_with_the_other_answers_blanked_is_the_clue():
    # g3-any-7's AORTAL beside THAT and AORTA: "of or relating to the ___" says nothing, and
    # what it is about names THAT
    artery = "the large trunk artery that carries blood from the left ventricle of the heart"
    aortal = Sense("adjective", "of or relating to the aorta", None, ("aortic",), (), artery)
    assert clue("aortal", "aortal", [aortal], ("that", "aorta"), ("aorta",)) == Clue(
        f"relating to the large trunk artery {BLANK} carries blood from the left ventricle of "
        "the heart",
        None,
    )
    assert (
        clue_among(
            "aortal",
            Described("aortal", (aortal,), ("aorta",)),
            answer_forms(["aortal", "that"]),
            strict=True,
        )
        is None
    )


def test_a_word_without_a_usable_sense_gets_no_clue():
    assert clue("tidy", "tidy", [Sense("adjective", "tidy", None)]) is None
    assert clue("tidy", "tidy", []) is None
    assert puzzle_clues(["tidy", "collab"], {"tidy": Described("tidy", tuple(LADE))}) == {
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
        ("the act of ___ something", False),  # frame words around a blank
        ("relating to or located near a ___", True),  # tibial: `located near` tells a little
        ("be about", False),  # tarry: no word but stop words
        ("gather", True),  # rally: a synonym is a clue
        ("make up", True),  # frame words without a blank are a meaning
        ("make viscous or dense", True),
        ("edible starchy tuberous ___ of ___ plants", True),
    ],
)
def test_says_enough_weighs_the_words_that_are_not_blanks_stop_words_or_frame_words(text, enough):
    assert says_enough(text) is enough


def test_the_rule_agrees_with_the_clues_judged_by_hand_before_the_report_year():
    judged = [*JUDGED, *FRAMED]
    agrees = sum(says_enough(text) is enough for _, text, enough in judged)
    old_rule = sum(
        (content_words(text) > text.count(BLANK)) is enough for _, text, enough in judged
    )
    first = sum(says_enough(text) is enough for _, text, enough in JUDGED)
    assert (len(judged), agrees, old_rule, first) == (300, 214, 193, 86)


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


BURNING = Sense("noun", "the act of burning something", None, ("combustion",), ("change",))


def test_then_to_a_senses_synonyms_then_its_hypernym():
    pain = Sense("noun", "pain that feels hot as if it were on fire", None)
    assert clue("burning", "burning", [BURNING, pain]) == Clue(pain.gloss, None)  # glosses first
    assert clue("burning", "burning", [BURNING]) == Clue("combustion", None)
    kitchen = Sense("noun", "small kitchen", None, ("kitchenette",), ("kitchen", "galley"))
    assert clue("kitchenette", "kitchenette", [kitchen]) == Clue("a kind of galley", None)
    legalize = Sense("verb", "make legal", "legalize marijuana", (), ("permit", "allow"))
    assert clue("legalizing", "legalize", [legalize]) == Clue(
        "-ing form: a way to permit", f"{BLANK} marijuana"
    )


def test_a_synonym_showing_the_word_is_no_clue():
    aortal = Sense("adjective", "of or relating to the aorta", None, ("aortic",))
    assert clue("aortal", "aortal", [aortal]) is None


def test_an_adjective_relating_to_a_blank_is_clued_by_what_it_relates_to():
    leg = "the inner and thicker of the two bones of the human leg between the knee and ankle"
    tibial = Sense("adjective", "relating to or located near a tibia", None, related_gloss=leg)
    assert clue("tibial", "tibial", [tibial]) == Clue(f"relating to {leg}", None)
    wry = Sense("adverb", "in a wry manner", None, related_gloss="humorously sarcastic")
    assert clue("wryly", "wryly", [wry], other_forms=("wry",)) == Clue(
        "in a way that is humorously sarcastic", None
    )


def test_a_lemma_is_clued_as_an_inflected_form_of_another_when_its_own_senses_fail():
    senses = [Sense("adjective", "having feet", None), Sense("verb", "pay for", None, lemma="foot")]
    assert clue("footed", "footed", senses, other_forms=("feet", "foot")) == Clue(
        "past tense: pay for", None
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
    natty = [Sense("adverb", "in a natty manner", None)]  # "in a ___ manner" says nothing
    assert clue("nattily", "nattily", natty, ("natty",)) is None


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
            "(superlative of `___') having the most positive qualities", "the ___ film of the year"
        ),  # `good` is one of its other forms (WordNet's exception lists)
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
        "kitchenette": None,  # "small ___", WordNet's only gloss, says nothing; its hypernym
        # (kitchen) shows it
        "deduced": Clue("past tense: conclude by reasoning; in logic", None),
        "wining": Clue("-ing form: a way to drink", None),  # its hypernym
        "neatly": Clue(
            "in a way that is showing care in execution", "she put the slippers under the bed ___"
        ),  # what it is about (its pertainym, neat)
        "again": Clue("anew", "she tried ___"),  # a synonym says enough
        "collab": None,
    }


@pytest.mark.mirror
def test_clues_show_no_form_of_their_word(mirror):
    words = ["give", "flee", "foot", "dimmed", "potted", "topped", "tibial", "burning", "sex"]
    assert {word: answer_clues(mirror, [word])[word] for word in words} == {
        "give": Clue(
            "cause to have, in the abstract sense or physical sense", "She ___ him a black eye"
        ),
        "flee": Clue("run away quickly", "He threw down his gun and ___"),
        "foot": Clue(
            "the part of the leg of a human being below the ankle joint",
            "his bare ___ projected from his trousers",
        ),
        "dimmed": Clue(
            "made ___ or less bright", "the ___ houselights brought a hush of anticipation"
        ),
        "potted": Clue("of plants; planted or grown in a ___", "___ geraniums"),
        "topped": Clue(  # "having a ___ of a specified character" says nothing: top's sense
            "past tense: be superior or better than some standard", "She exceeded our expectations"
        ),
        "tibial": Clue(
            "relating to the inner and thicker of the two bones of the human leg between the "
            "knee and ankle",
            None,
        ),
        "burning": Clue("pain that feels hot as if it were on fire", None),
        "sex": Clue(  # sexual: derived from it, and it begins with it
            "activities associated with ___ intercourse", "they had ___ in the back seat"
        ),
    }


@pytest.mark.mirror
def test_words_only_the_nyts_lists_hold_are_described_too(mirror):
    assert answer_clues(mirror, ["shufti", "rainflies", "infecter"]) == {
        "shufti": Clue(
            "a quick look around (originally military slang)", "take a ___ while you're out there"
        ),
        "rainflies": Clue(
            "plural: flap consisting of a piece of canvas that can be drawn back to provide "
            "entrance to a tent",
            None,
        ),
        "infecter": None,  # not in WordNet
    }
    assert mirror.execute(
        "SELECT count(*) FROM wordnet_words WHERE word IN ('shufti', 'rainflies')"
    ).fetchall() == [(0,)]  # the build's evidence "in WordNet" is still the word lists' words'


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


FIRST_REPORT_DAY = REPORT_YEAR[0]
FRAME_COUNT = 26  # a frame word is in at least this many blanked glosses holding a blank


@pytest.mark.mirror
def test_the_frame_words_are_learned_from_the_archive_before_the_report_year(mirror):
    counts = blanked_gloss_counts(mirror, before=FIRST_REPORT_DAY)
    assert {word for word, count in counts.items() if count >= FRAME_COUNT} == FRAME_WORDS
    judged = [*JUDGED, *FRAMED]

    def agreement(threshold: int) -> int:
        frame = {word for word, count in counts.items() if count >= threshold}
        return sum(weighed_enough(text, frame) is enough for _, text, enough in judged)

    best = max(range(5, 101), key=agreement)  # the first of equals: the most frame words
    assert (best, agreement(best)) == (FRAME_COUNT, 214)


def blanked_gloss_counts(con, before: dt.date) -> dict[str, int]:
    """Return how many of the blanked glosses holding a blank of the senses of the archive's
    answers before a day hold each word that is not a stop word."""
    words: set[str] = set()
    for game in GAMES:
        for date, day in archive_clues(con, game).items():
            if date < before:
                words.update(day)
    counts: dict[str, int] = {}
    for word, described in described_words(WarehouseReader(con), words).items():
        own = Own(word, described.base_form, described.other_forms)
        for sense in described.senses:
            text = own_blanked(tidy_gloss(sense.gloss), own)
            if BLANK in text:
                for token in {token.lower() for token in TOKEN.findall(text)} - STOP_WORDS:
                    counts[token] = counts.get(token, 0) + 1
    return counts


def weighed_enough(text: str, frame: set[str]) -> bool:
    """Return `says_enough` of a text with these frame words."""
    words = [token.lower() for token in TOKEN.findall(text)]
    content = [word for word in words if word not in STOP_WORDS]
    if BLANK in text:
        content = [word for word in content if word not in frame]
    return len(content) > text.count(BLANK)


def test_the_judges_see_the_faults_the_issue_saw():
    judge = Judge.of_nltk()
    assert judge.shown_forms("give", ["She gave him a black eye"]) == [("gave", "a form of a base")]
    assert [how for _, how in judge.shown_forms("dimmed", ["made dim or less bright"])] == [
        "a base"
    ]
    for answer, text, shown in [
        ("potted", "grown in a pot", "pot"),
        ("topped", "having a top", "top"),
        ("flee", "He threw down his gun and fled", "fled"),
        ("foot", "his bare feet", "feet"),
        ("come", "He came singing", "came"),
        ("wryly", "in a wry manner", "wry"),
        ("toon", "a series of cartoon drawings", "cartoon"),
    ]:
        assert [token for token, _ in judge.shown_forms(answer, [text])] == [shown], answer
    assert judge.shown_forms("flee", ["run away quickly", "a flight of fancy"]) == []
    assert judge.says_nothing("relating to or located near a ___")
    assert judge.says_nothing("past tense: the act of ___ something")
    assert not judge.says_nothing("relating to logical ___")
    assert not judge.says_nothing("be about")  # no blank: says little, but not once blanked


SAYING_NOTHING = [  # by date: plumed on 2024-10-14, habitable on 2025-02-13
    ("plumed", "having or covered with or abounding in ___"),
    ("habitable", "fit for ___"),
]
REPORT_YEAR_FIGURES = {  # answers, with a clue, with a clue when strict, saying nothing
    SPELLING_BEE.name: (16223, 14317, 14277, SAYING_NOTHING),  # 0.01% of the clues
    LETTER_BOXED.name: (664, 577, 577, []),
}
CLUES_PAGE = Path(__file__).resolve().parent.parent / "docs" / "clues.md"


@pytest.mark.mirror
@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_every_archived_clue_hides_its_answer_and_says_something(mirror, game):
    answers, clued, strict_clued, saying_nothing = REPORT_YEAR_FIGURES[game.name]
    clues_by_date = archive_clues(mirror, game)
    figures = sweep(Judge.of_nltk(), clues_by_date, *REPORT_YEAR)
    assert (figures.answers, figures.clued) == (answers, clued)
    assert figures.showing == []  # no clue shows a form of its answer
    assert figures.saying_nothing == saying_nothing
    assert clue_coverage(clues_by_date, *REPORT_YEAR) == clued / answers
    strict = archive_clues(mirror, game, strict=True)  # every gloss naming another: no clue
    assert clue_coverage(strict, *REPORT_YEAR) == strict_clued / answers
    as_written = (f"{clued / answers:.2%}", f"{strict_clued / answers:.2%}")
    paragraph = next(
        p
        for p in CLUES_PAGE.read_text().split("\n\n")
        if p.startswith("Of the mirror's report year")
    )
    assert all(f"{figure} " in paragraph for figure in as_written)  # as docs/clues.md gives them
