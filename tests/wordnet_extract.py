"""An extract of WordNet 3.0 for the command warehouse (tests/command_warehouse.py): the first two
senses of the lemmas of its answers (the Spelling Bee's CLIMBED_ANSWERS and the Letter Boxed
board's best solution, blacksmith - hop), as sources/wordnet.py reads them, the base forms of its
inflected answers and the other forms of its answers, so that the server's clues are WordNet's
own text without reading WordNet. `tests/test_serve_clues.py` checks the extract against the
mirror's WordNet.

    words.wordnet_senses, words.wordnet_forms = sense_columns, form_columns()
    words.wordnet_other_forms = other_form_columns()
"""

from __future__ import annotations

from pipeline.sources.wordnet import FORM_COLUMNS, OTHER_FORM_COLUMNS, SENSE_COLUMNS

# lemma, rank, part of speech, lexicographer file, instance, gloss, example, synonyms, hypernyms,
# related gloss, derived forms (SENSE_COLUMNS)
SENSES: tuple[tuple, ...] = (
    ("belie", 1, "verb", "verb.stative", False, "be in contradiction with", None,
     ["contradict", "negate"], ["deviate", "vary", "diverge", "depart"], None, []),
    ("belie", 2, "verb", "verb.communication", False, "represent falsely",
     "This statement misrepresents my intentions",
     ["misrepresent"], ["represent"], None, []),
    ("bide", 1, "verb", "verb.stative", False, "dwell",
     "You can stay with me while you are in town",
     ["abide", "stay"], ["stay", "stay on", "continue", "remain"], None, []),
    ("bile", 1, "noun", "noun.body", False, "a digestive juice secreted by the liver and stored "
     "in the gallbladder; aids in the digestion of fats", None,
     ["gall"], ["digestive juice", "digestive fluid"], None, ["biliary", "bilious"]),
    ("bleed", 1, "verb", "verb.body", False, "lose blood from one's body", None,
     ["shed blood", "hemorrhage"], ["exhaust", "discharge", "expel", "eject", "release"], None,
     ["bleeder", "bleeding"]),
    ("bleed", 2, "verb", "verb.body", False, "draw blood",
     "In the old days, doctors routinely bled patients as part of the treatment",
     ["leech", "phlebotomize", "phlebotomise"], ["treat", "care for"], None, []),
    ("climb", 1, "verb", "verb.motion", False, "go upward with gradual or continuous progress",
     "Did you ever climb up the hill behind your house?",
     ["climb up", "mount", "go up"], ["rise", "lift", "arise", "move up", "go up", "come up",
     "uprise"], None, ["climber", "climbing"]),
    ("climb", 2, "verb", "verb.motion", False, "move with difficulty, by grasping", None,
     [], ["move"], None, []),
    ("embed", 1, "verb", "verb.contact", False, "fix or set securely or deeply",
     "He planted a knee in the back of his opponent",
     ["implant", "engraft", "imbed", "plant"], ["insert", "infix", "enter", "introduce"], None,
     []),
    ("embed", 2, "verb", "verb.competition", False, "attach to, as a journalist to a military "
     "unit when reporting on a war", "The young reporter was embedded with the Third Division",
     [], ["group", "aggroup"], None, []),
    ("imbed", 1, "verb", "verb.contact", False, "fix or set securely or deeply",
     "He planted a knee in the back of his opponent",
     ["implant", "engraft", "embed", "plant"], ["insert", "infix", "enter", "introduce"], None,
     []),
    ("limb", 1, "noun", "noun.body", False, "one of the jointed appendages of an animal used for "
     "locomotion or grasping: arm; leg; wing; flipper", None,
     [], ["extremity", "appendage", "member"], None, []),
    ("limb", 2, "noun", "noun.plant", False, "any of the main branches arising from the trunk or "
     "a bough of a tree", None,
     ["tree branch"], ["branch"], None, []),
    ("blacksmith", 1, "noun", "noun.person", False, "a smith who forges and shapes iron with a "
     "hammer and anvil", None,
     [], ["smith", "metalworker"], None, []),
    ("hop", 1, "verb", "verb.motion", False, "jump lightly", None,
     ["skip", "hop-skip"], ["jump", "leap", "bound", "spring"], None, ["hopper"]),
    ("hop", 2, "verb", "verb.motion", False, "move quickly from one place to another", None,
     [], ["move"], None, ["hopper"]),
)  # fmt: skip
FORMS = (("bled", "bleed", ["verb"]), ("climbed", "climb", ["verb"]))  # word, base form, inflects
OTHER_FORMS = (  # word, other forms (sources/wordnet.py other_forms)
    ("belie", ["belying"]),
    ("bled", ["bleed"]),
    ("bleed", ["bled"]),
    ("climbed", ["climb"]),
    ("embed", ["embedded", "embedding"]),
    ("imbed", ["imbedded", "imbedding"]),
    ("hop", ["hopped", "hopping"]),
)


def sense_columns() -> dict[str, list]:
    """Return the extract's senses as the words stage's input columns (SENSE_COLUMNS)."""
    return {name: [row[i] for row in SENSES] for i, name in enumerate(SENSE_COLUMNS)}


def form_columns() -> dict[str, list]:
    """Return the extract's base forms as the words stage's input columns (FORM_COLUMNS)."""
    return {name: [row[i] for row in FORMS] for i, name in enumerate(FORM_COLUMNS)}


def other_form_columns() -> dict[str, list]:
    """Return the extract's other forms as the words stage's input columns (OTHER_FORM_COLUMNS)."""
    return {name: [row[i] for row in OTHER_FORMS] for i, name in enumerate(OTHER_FORM_COLUMNS)}
