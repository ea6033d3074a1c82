"""An extract of WordNet 3.0 for the command warehouse (tests/command_warehouse.py): the first two
senses of the lemmas of its answers (the Spelling Bee's CLIMBED_ANSWERS and the Letter Boxed
board's best solution, blacksmith - hop), as sources/wordnet.py reads them, and the base forms of
its inflected answers, so that the server's clues are WordNet's own text without reading WordNet.
`tests/test_serve_clues.py` checks the extract against the mirror's WordNet.

    words.wordnet_senses, words.wordnet_forms = sense_columns, form_columns()
"""

from __future__ import annotations

from pipeline.sources.wordnet import FORM_COLUMNS, SENSE_COLUMNS

# lemma, rank, part of speech, lexicographer file, instance, gloss, example
SENSES = (
    ("belie", 1, "verb", "verb.stative", False, "be in contradiction with", None),
    ("belie", 2, "verb", "verb.communication", False, "represent falsely",
     "This statement misrepresents my intentions"),
    ("bide", 1, "verb", "verb.stative", False, "dwell",
     "You can stay with me while you are in town"),
    ("bile", 1, "noun", "noun.body", False, "a digestive juice secreted by the liver and stored "
     "in the gallbladder; aids in the digestion of fats", None),
    ("bleed", 1, "verb", "verb.body", False, "lose blood from one's body", None),
    ("bleed", 2, "verb", "verb.body", False, "draw blood",
     "In the old days, doctors routinely bled patients as part of the treatment"),
    ("climb", 1, "verb", "verb.motion", False, "go upward with gradual or continuous progress",
     "Did you ever climb up the hill behind your house?"),
    ("climb", 2, "verb", "verb.motion", False, "move with difficulty, by grasping", None),
    ("embed", 1, "verb", "verb.contact", False, "fix or set securely or deeply",
     "He planted a knee in the back of his opponent"),
    ("embed", 2, "verb", "verb.competition", False, "attach to, as a journalist to a military "
     "unit when reporting on a war", "The young reporter was embedded with the Third Division"),
    ("imbed", 1, "verb", "verb.contact", False, "fix or set securely or deeply",
     "He planted a knee in the back of his opponent"),
    ("limb", 1, "noun", "noun.body", False, "one of the jointed appendages of an animal used for "
     "locomotion or grasping: arm; leg; wing; flipper", None),
    ("limb", 2, "noun", "noun.plant", False, "any of the main branches arising from the trunk or "
     "a bough of a tree", None),
    ("blacksmith", 1, "noun", "noun.person", False, "a smith who forges and shapes iron with a "
     "hammer and anvil", None),
    ("hop", 1, "verb", "verb.motion", False, "jump lightly", None),
    ("hop", 2, "verb", "verb.motion", False, "move quickly from one place to another", None),
)  # fmt: skip
FORMS = (("bled", "bleed", ["verb"]), ("climbed", "climb", ["verb"]))  # word, base form, inflects


def sense_columns() -> dict[str, list]:
    """Return the extract's senses as the words stage's input columns (SENSE_COLUMNS)."""
    return {name: [row[i] for row in SENSES] for i, name in enumerate(SENSE_COLUMNS)}


def form_columns() -> dict[str, list]:
    """Return the extract's base forms as the words stage's input columns (FORM_COLUMNS)."""
    return {name: [row[i] for row in FORMS] for i, name in enumerate(FORM_COLUMNS)}
