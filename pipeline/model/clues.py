"""A clue per answer, from WordNet's glosses: what a word means, without the word.

A clue is the gloss of the word's most frequent sense (its base form's, for an inflected form,
with the form named: "plural", "past tense", ...), with the answer, its base form and every form
sharing their stem blanked out; its example sentence, blanked the same way, is a second, stronger
clue. On a puzzle, a sense whose gloss names another of the puzzle's answers gives way to the
next sense; when every sense names one, the first is kept with those answers blanked too (so
that `ballcock`, "floating ball that controls level in a water tank", keeps a clue on a puzzle
where `ball` is an answer). A word with no usable sense gets no clue, never a made-up one.
Pure: the senses come from the warehouse (`wordnet_words`, `wordnet_senses`:
pipeline/stages/clues.py).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

Word = str
BLANK = "___"
TOKEN = re.compile(r"[A-Za-z]+")
# The regular endings of English inflection and of the commonest derivations: a gloss word that is
# the answer or its base form with one of them is the same word (`ladles` for `ladle`).
ENDINGS = ("", "s", "es", "d", "ed", "ing", "er", "ers", "est", "ly", "ness")
VOWEL_ENDINGS = ("ing", "ed", "er", "ers", "est", "es")  # those that drop a final e, double a
Y_ENDINGS = ("ies", "ied", "ier", "iest", "ily", "iness")  # consonant or turn y into i


@dataclass(frozen=True)
class Sense:
    """One sense of a word, as the clue reads it: its part of speech, gloss and example."""

    part_of_speech: str  # noun, verb, adjective or adverb
    gloss: str
    example: str | None


@dataclass(frozen=True)
class Clue:
    """A word's clue: the gloss to show first, and an example sentence to show on a second ask."""

    text: str
    example: str | None


@cache
def word_forms(key: Word) -> frozenset[Word]:
    """Return the word and its regular inflections and commonest derivations (`tidy`: tidies,
    tidied, tidying, tidier, tidily, ...)."""
    forms = {key + ending for ending in ENDINGS}
    if key.endswith("e"):
        forms |= {key[:-1] + ending for ending in VOWEL_ENDINGS}
    if key.endswith("y"):
        forms |= {key[:-1] + ending for ending in Y_ENDINGS}
    if key.endswith("ie"):
        forms.add(key[:-2] + "ying")
    if len(key) > 2 and key[-1] not in "aeiouwxy":
        forms |= {key + key[-1] + ending for ending in VOWEL_ENDINGS}
    return frozenset(forms)


def stem_length(key: Word) -> int | None:
    """Return how many first letters a gloss word must share with `key` to share its stem (four
    for a word of up to six letters, five for a longer one), or None for a word of three
    letters or fewer (only its own forms are blanked: `ran` must not blank `range`)."""
    if len(key) <= 3:
        return None
    return 4 if len(key) <= 6 else 5


def shares_stem(token: Word, key: Word) -> bool:
    """Return True when a gloss word is `key`, one of its forms, or shares its stem."""
    return stem_test((key,))(token)


def stem_test(keys: Collection[Word]) -> Callable[[Word], bool]:
    """Return a test of whether a gloss word shares the stem of one of `keys` (see
    `shares_stem`), with their forms and stems worked out once."""
    forms = frozenset().union(*(word_forms(key) for key in keys))
    stems = {(length, key[:length]) for key in keys if (length := stem_length(key))}

    def shares(token: Word) -> bool:
        token = token.lower()
        return token in forms or any(token[:length] == stem for length, stem in stems)

    return shares


AnswerForms = Mapping[Word, Collection[Word]]  # a form (`ladles`) -> the answers it is a form of


def answer_forms(answers: Collection[Word]) -> dict[Word, set[Word]]:
    """Return every regular form of a puzzle's answers, with the answers it is a form of."""
    forms: dict[Word, set[Word]] = defaultdict(set)
    for answer in answers:
        for form in word_forms(answer):
            forms[form].add(answer)
    return dict(forms)


def names_another(token: Word, keys: Collection[Word], forms: AnswerForms) -> bool:
    """Return True when a gloss word is a form of an answer other than `keys`."""
    return any(answer not in keys for answer in forms.get(token.lower(), ()))


def blanked(text: str, keys: Collection[Word], forms: AnswerForms | None = None) -> str:
    """Return the text with every word that shares the stem of one of `keys` blanked out (and,
    given the puzzle's answer forms, every form of another answer)."""
    return blanked_by(text, stem_test(keys), keys, forms)


def blanked_by(
    text: str, shares: Callable[[Word], bool], keys: Collection[Word], forms: AnswerForms | None
) -> str:
    """Return `blanked(text, keys, forms)`, given the keys' stem test."""

    def blank(match: re.Match[str]) -> str:
        token = match[0]
        if shares(token) or (forms and names_another(token, keys, forms)):
            return BLANK
        return token

    return TOKEN.sub(blank, text)


def names_any(text: str, keys: Collection[Word], forms: AnswerForms) -> bool:
    """Return True when the text holds a form of an answer other than `keys`."""
    return any(names_another(token, keys, forms) for token in TOKEN.findall(text))


def tidy_gloss(gloss: str) -> str:
    """Return a gloss without the empty parts nltk leaves where it took its quoted examples out
    (`cattle`: "...regardless of sex or age; ; ; - Bible")."""
    parts = [part.strip() for part in gloss.split(";")]
    return "; ".join(part for part in parts if part and not part.startswith("-"))


def is_usable(text: str) -> bool:
    """Return True when a blanked gloss still says something: a word that is not blanked."""
    return TOKEN.search(text) is not None


def form_name(word: Word, base_form: Word, part_of_speech: str) -> str | None:
    """Return what form of its base form a word is ("plural", "past tense", ...), or None for the
    base form itself."""
    if word == base_form:
        return None
    if part_of_speech == "noun":
        return "plural"
    if part_of_speech == "verb":
        return verb_form_name(word)
    return "superlative" if word.endswith("st") else "comparative"


def verb_form_name(word: Word) -> str:
    """Return the name of a verb's inflected form, read from its ending."""
    if word.endswith("ing"):
        return "-ing form"
    if word.endswith("ed"):
        return "past tense"
    if word.endswith("s"):
        return "third person singular"
    if word.endswith(("en", "wn", "ne")):  # taken, known, gone: the irregular participles
        return "past participle"
    return "past tense"  # ran, saw, went


def clue(
    word: Word,
    base_form: Word,
    senses: Sequence[Sense],
    other_answers: Collection[Word] = (),
) -> Clue | None:
    """Return a word's clue from its senses (most frequent first), or None when none is usable.

    The first sense whose blanked gloss still says something and names none of the puzzle's
    other answers gives the clue; when each names one, the first usable sense with those answers
    blanked. Its example sentence, blanked the same way, comes with it unless it names another
    answer.
    """
    return clue_among(word, base_form, senses, answer_forms(other_answers))


def clue_among(
    word: Word, base_form: Word, senses: Sequence[Sense], forms: AnswerForms
) -> Clue | None:
    """Return a word's clue on a puzzle whose answers' forms are `forms` (see `clue`)."""
    keys = (word, base_form)
    shares = stem_test(keys)
    first: tuple[Sense, str] | None = None
    for sense in senses:
        text = blanked_by(tidy_gloss(sense.gloss), shares, keys, None)
        if not is_usable(text):
            continue
        if not names_any(text, keys, forms):
            return clue_of(word, base_form, sense, text, forms)
        first = first or (sense, text)
    if first is None:
        return None
    sense, text = first
    return clue_of(word, base_form, sense, blanked_by(text, shares, keys, forms), forms)


def clue_of(word: Word, base_form: Word, sense: Sense, text: str, forms: AnswerForms) -> Clue:
    """Return the clue of a chosen sense whose gloss is blanked already: the form named, and its
    example blanked (dropped when it names another answer)."""
    keys = (word, base_form)
    example = blanked(sense.example, keys) if sense.example else None
    if example is not None and names_any(example, keys, forms):
        example = None
    form = form_name(word, base_form, sense.part_of_speech)
    return Clue(f"{form}: {text}" if form else text, example)


def puzzle_clues(
    answers: Sequence[Word], described: Mapping[Word, tuple[Word, Sequence[Sense]]]
) -> dict[Word, Clue | None]:
    """Return the clue of each of a puzzle's answers, given the base form and senses of those
    WordNet describes (the others get None)."""
    forms = answer_forms(answers)
    clues: dict[Word, Clue | None] = {}
    for word in answers:
        base_form, senses = described.get(word, (word, ()))
        clues[word] = clue_among(word, base_form, senses, forms)
    return clues
