"""A clue per answer, from WordNet's glosses: what a word means, without the word.

A clue is the gloss of the word's most frequent sense (its base form's, for an inflected form,
with the form named: "plural", "past tense", ...), with the answer, its base form and every form
sharing their stem blanked out; its example sentence, blanked the same way, is a second, stronger
clue. A gloss that says too little once blanked (`says_enough`: no more words that are neither
blanks nor stop words than blanks, as `make ___ or ___` for `thicken`) gives way to the next
sense, then to the first example sentence that says enough (as the clue itself), and only then is
kept, if it says anything at all. On a puzzle, a sense whose gloss names another of the puzzle's
answers gives way the same way; when every sense names one, the first is kept with those answers
blanked too (so that `ballcock`, "floating ball that controls level in a water tank", keeps a clue
on a puzzle where `ball` is an answer). A word with no usable sense gets no clue, never a made-up
one. Pure: the senses come from the warehouse (`wordnet_words`, `wordnet_senses`:
pipeline/stages/clues.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

Word = str
BLANK = "___"
TOKEN = re.compile(r"[A-Za-z]+")
# The regular endings of English inflection and of the commonest derivations: a gloss word that is
# the answer or its base form with one of them is the same word (`ladles` for `ladle`).
ENDINGS = ("", "s", "es", "d", "ed", "ing", "er", "ers", "est", "ly", "ness")
VOWEL_ENDINGS = ("ing", "ed", "er", "ers", "est", "es")  # those that drop a final e, double a
Y_ENDINGS = ("ies", "ied", "ier", "iest", "ily", "iness")  # consonant or turn y into i
# What a blanked gloss's words are weighed without (`says_enough`): nltk's English stop words
# (`stopwords.words("english")`, those made of letters only; tests/test_clues.py holds them equal).
STOP_WORDS = frozenset(
    [
        "i",
        "me",
        "my",
        "myself",
        "we",
        "our",
        "ours",
        "ourselves",
        "you",
        "your",
        "yours",
        "yourself",
        "yourselves",
        "he",
        "him",
        "his",
        "himself",
        "she",
        "her",
        "hers",
        "herself",
        "it",
        "its",
        "itself",
        "they",
        "them",
        "their",
        "theirs",
        "themselves",
        "what",
        "which",
        "who",
        "whom",
        "this",
        "that",
        "these",
        "those",
        "am",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "have",
        "has",
        "had",
        "having",
        "do",
        "does",
        "did",
        "doing",
        "a",
        "an",
        "the",
        "and",
        "but",
        "if",
        "or",
        "because",
        "as",
        "until",
        "while",
        "of",
        "at",
        "by",
        "for",
        "with",
        "about",
        "against",
        "between",
        "into",
        "through",
        "during",
        "before",
        "after",
        "above",
        "below",
        "to",
        "from",
        "up",
        "down",
        "in",
        "out",
        "on",
        "off",
        "over",
        "under",
        "again",
        "further",
        "then",
        "once",
        "here",
        "there",
        "when",
        "where",
        "why",
        "how",
        "all",
        "any",
        "both",
        "each",
        "few",
        "more",
        "most",
        "other",
        "some",
        "such",
        "no",
        "nor",
        "not",
        "only",
        "own",
        "same",
        "so",
        "than",
        "too",
        "very",
        "s",
        "t",
        "can",
        "will",
        "just",
        "don",
        "should",
        "now",
        "d",
        "ll",
        "m",
        "o",
        "re",
        "ve",
        "y",
        "ain",
        "aren",
        "couldn",
        "didn",
        "doesn",
        "hadn",
        "hasn",
        "haven",
        "isn",
        "ma",
        "mightn",
        "mustn",
        "needn",
        "shan",
        "shouldn",
        "wasn",
        "weren",
        "won",
        "wouldn",
    ]
)


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


def answer_forms(answers: Collection[Word]) -> dict[Word, tuple[Word, ...]]:
    """Return every regular form of a puzzle's answers, with the answers it is a form of."""
    forms: dict[Word, tuple[Word, ...]] = {}
    for answer in answers:
        for form in word_forms(answer):
            forms[form] = (*forms.get(form, ()), answer)
    return forms


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


@lru_cache(maxsize=1 << 16)
def own_blanked(text: str, word: Word, base_form: Word) -> str:
    """Return `blanked(text, (word, base_form))`, the same on every puzzle: worked out once per
    text and word (a draw's or the archive's puzzles share most of their answers)."""
    return blanked(text, (word, base_form))


def names_any(text: str, keys: Collection[Word], forms: AnswerForms) -> bool:
    """Return True when the text holds a form of an answer other than `keys`."""
    return any(names_another(token, keys, forms) for token in TOKEN.findall(text))


def tidy_gloss(gloss: str) -> str:
    """Return a gloss without the empty parts nltk leaves where it took its quoted examples out
    (`cattle`: "...regardless of sex or age; ; ; - Bible")."""
    parts = [part.strip() for part in gloss.split(";")]
    return "; ".join(part for part in parts if part and not part.startswith("-"))


@lru_cache(maxsize=1 << 16)
def content_words(text: str) -> int:
    """Return how many words of a blanked text are neither blanks nor stop words."""
    return sum(token.lower() not in STOP_WORDS for token in TOKEN.findall(text))


def says_something(text: str) -> bool:
    """Return True when a blanked text holds a word that is neither a blank nor a stop word."""
    return content_words(text) > 0


def says_enough(text: str) -> bool:
    """Return True when a blanked text says enough to be a clue: more words that are neither
    blanks nor stop words than blanks (`make ___ or ___`, `small ___` and `reason by ___;
    establish by ___` say too little; `gather` says enough)."""
    return content_words(text) > text.count(BLANK)


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

    The first sense whose blanked gloss says enough (`says_enough`) and names none of the
    puzzle's other answers gives the clue, with its example sentence blanked the same way (unless
    it names another answer); else the first example sentence that says enough, alone; else the
    first gloss that says something at all; else, when each such gloss names another answer, the
    first with those answers blanked too.
    """
    return clue_among(word, base_form, senses, answer_forms(other_answers))


def clue_among(
    word: Word, base_form: Word, senses: Sequence[Sense], forms: AnswerForms, strict: bool = False
) -> Clue | None:
    """Return a word's clue on a puzzle whose answers' forms are `forms` (see `clue`); `strict`:
    none when every gloss that says something names another answer."""
    keys = (word, base_form)
    read: list[tuple[Sense, str]] = []  # the senses whose gloss says too little or names another
    for sense in senses:
        text = own_blanked(tidy_gloss(sense.gloss), word, base_form)
        if says_enough(text) and not names_any(text, keys, forms):
            return clue_of(word, base_form, sense, text, forms)
        read.append((sense, text))
    example = telling_example(word, base_form, senses, forms)
    if example is not None:
        form = form_name(word, base_form, example[0].part_of_speech)
        return Clue(named(form, example[1]), None)
    naming_none = [(sense, text) for sense, text in read if not names_any(text, keys, forms)]
    for sense, text in naming_none:
        if says_something(text):
            return clue_of(word, base_form, sense, text, forms)
    for sense, text in [] if strict else read:
        text = blanked(text, keys, forms)
        if says_something(text):
            return clue_of(word, base_form, sense, text, forms)
    return None


def telling_example(
    word: Word, base_form: Word, senses: Sequence[Sense], forms: AnswerForms
) -> tuple[Sense, str] | None:
    """Return the first sense whose blanked example sentence says enough and names no other
    answer, with that sentence (None: no such sense)."""
    for sense in senses:
        if sense.example:
            text = own_blanked(sense.example, word, base_form)
            if says_enough(text) and not names_any(text, (word, base_form), forms):
                return sense, text
    return None


def named(form: str | None, text: str) -> str:
    """Return a clue's text with the form of the word named first ("past tense: ...")."""
    return f"{form}: {text}" if form else text


def clue_of(word: Word, base_form: Word, sense: Sense, text: str, forms: AnswerForms) -> Clue:
    """Return the clue of a chosen sense whose gloss is blanked already: the form named, and its
    example blanked (dropped when it names another answer)."""
    keys = (word, base_form)
    example = own_blanked(sense.example, word, base_form) if sense.example else None
    if example is not None and names_any(example, keys, forms):
        example = None
    return Clue(named(form_name(word, base_form, sense.part_of_speech), text), example)


def puzzle_clues(
    answers: Sequence[Word],
    described: Mapping[Word, tuple[Word, Sequence[Sense]]],
    strict: bool = False,
) -> dict[Word, Clue | None]:
    """Return the clue of each of a puzzle's answers, given the base form and senses of those
    WordNet describes (the others get None); `strict`: see `clue_among`."""
    forms = answer_forms(answers)
    clues: dict[Word, Clue | None] = {}
    for word in answers:
        base_form, senses = described.get(word, (word, ()))
        clues[word] = clue_among(word, base_form, senses, forms, strict)
    return clues
