"""A clue per answer, from WordNet's glosses: what a word means, without the word.

A clue is the gloss of one of the word's senses (its base form's, for an inflected form, with the
form named: "plural", "past tense", ...) with the word blanked out in every form: the answer, its
base form and every word sharing their stem, holding them or beginning them, and its other forms
(its bases and their irregular forms, both ways: `gave` for `give`, `dim` for `dimmed`) with
their regular forms; its example sentence, blanked the same way, is a second, stronger clue. A
text says enough (`says_enough`) when it holds more telling words than blanks: neither stop words
nor, around a blank, the frame words glosses put there ("the act of ___ something"). The clue is
the first text that says enough, in rounds over the senses, most frequent first (`ROUNDS`): their
glosses, their synonyms, their hypernyms ("a kind of ...") or what they are about ("relating to
..."); then the first example sentence that says enough, alone; then the first gloss that says
something at all. On a puzzle, a text that names another of the puzzle's answers gives way the
same way; when every sense names one, the first is kept with those answers blanked too (so that
`ballcock`, "floating ball that controls level in a water tank", keeps a clue on a puzzle where
`ball` is an answer). A word with no usable sense gets no clue, never a made-up one. Pure: the
senses come from the warehouse (`wordnet_forms`, `wordnet_senses`: pipeline/stages/clues.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

Word = str
BLANK = "___"
TOKEN = re.compile(r"[A-Za-z]+")
# The regular endings of English inflection and of the commonest derivations: a gloss word that is
# the answer or its base form with one of them is the same word (`ladles` for `ladle`).
ENDINGS = ("", "s", "es", "d", "ed", "ing", "er", "ers", "est", "ly", "ness")
VOWEL_ENDINGS = ("ing", "ed", "er", "ers", "est", "es")  # those that drop a final e, double a
Y_ENDINGS = ("ies", "ied", "ier", "iest", "ily", "iness")  # consonant or turn y into i
MIN_INSIDE = 4  # a word of this many letters shows inside another: `phone` in `telephone`
SYNONYMS_SHOWN = 3  # a clue made of a sense's synonyms names its first three
KIND_OF = {"noun": "a kind of", "verb": "a way to"}  # a clue made of a sense's hypernym
ABOUT = {"adjective": "relating to", "adverb": "in a way that is"}  # of what a sense is about
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
# The words a gloss frames a blank with, which say nothing of what it means by themselves ("the
# act of ___ something", "of or relating to ___"): beside a blank, weighed as stop words are
# (`weighed_words`). The words of at least 26 of the blanked glosses that hold a blank, among the
# senses of the archive's answers before the report year (before 2024-08-10): the rule and its
# 26 chosen on clues of those years judged by hand, as docs/clues.md says; tests/test_clues.py
# derives the list again from the mirror.
FRAME_WORDS = frozenset([
    "act", "activity", "another", "around", "back", "ball", "become", "body", "capable",
    "cause", "certain", "characteristic", "characterized", "color", "come", "consisting",
    "containing", "cover", "cut", "different", "e", "especially", "express", "fasten", "food",
    "force", "form", "get", "give", "go", "ground", "hit", "like", "liquid", "made", "make",
    "making", "manner", "mark", "move", "music", "number", "often", "one", "oneself", "order",
    "part", "particular", "parts", "people", "perform", "person", "place", "plant", "play",
    "point", "position", "process", "provide", "put", "quality", "quantity", "relating",
    "remove", "resembling", "set", "shape", "small", "somebody", "someone", "something",
    "sound", "specified", "state", "states", "surface", "take", "time", "together", "tree",
    "two", "united", "use", "used", "usually", "various", "water", "way", "without", "work"
])  # fmt: skip
NOT_TELLING = STOP_WORDS | FRAME_WORDS
# Entries of each of the caches below, so that what a server keeps between puzzles is bounded:
# the five hold about 25 MB when full (65,536 entries each could hold over 130 MB). Clued one
# puzzle at a time, as a server does, the report year's puzzles take the same time as with
# 65,536; a sweep of the whole archive about 1.3 times as long (docs/clues.md).
CACHE_ENTRIES = 1 << 12


@dataclass(frozen=True)
class Sense:
    """One sense of a word, as the clue reads it: its part of speech, gloss and example, the other
    lemmas of its synset, the lemmas of its first hypernym, and the gloss of what it is about."""

    part_of_speech: str  # noun, verb, adjective or adverb
    gloss: str
    example: str | None
    synonyms: tuple[str, ...] = ()
    hypernyms: tuple[str, ...] = ()
    related_gloss: str | None = None  # an adjective's or adverb's: what it is about (`tibial`)
    lemma: Word | None = None  # whose sense it is, when not the word's base form's (`footed`: foot)


@dataclass(frozen=True)
class Described:
    """What WordNet says of a word: its base form, its senses (most frequent first) and its other
    forms (its bases and their irregular forms: `gave` for `give`; sources/wordnet.py)."""

    base_form: Word
    senses: tuple[Sense, ...]
    other_forms: tuple[Word, ...] = ()


@dataclass(frozen=True)
class Clue:
    """A word's clue: the gloss to show first, and an example sentence to show on a second ask."""

    text: str
    example: str | None


@dataclass(frozen=True)
class Own:
    """The word a clue is for, with what its clue must not show: its base form and every word
    sharing their stem, and its other forms with their regular forms."""

    word: Word
    base_form: Word
    other_forms: tuple[Word, ...] = ()

    @property
    def keys(self) -> tuple[Word, ...]:
        """Return the word, its base form and its other forms."""
        return (self.word, self.base_form, *self.other_forms)


@lru_cache(maxsize=CACHE_ENTRIES)
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


def stem_test(keys: Collection[Word], other_forms: Collection[Word] = ()) -> Callable[[Word], bool]:
    """Return a test of whether a gloss word shares the stem of one of `keys` (see
    `shares_stem`), holds one of four letters or more (`parachute` for `chute`) or begins it
    (`tact` for `tactfully`), or is one of `other_forms` or a regular form of one, with their
    forms and stems worked out once."""
    forms = frozenset().union(*(word_forms(key) for key in (*keys, *other_forms)))
    stems = {(length, key[:length]) for key in keys if (length := stem_length(key))}
    long_keys = [key for key in keys if len(key) >= MIN_INSIDE]

    def shares(token: Word) -> bool:
        token = token.lower()
        return (
            token in forms
            or any(token[:length] == stem for length, stem in stems)
            or any(key in token for key in long_keys)
            or (len(token) >= MIN_INSIDE and any(key.startswith(token) for key in long_keys))
        )

    return shares


@lru_cache(maxsize=CACHE_ENTRIES)
def own_test(own: Own) -> Callable[[Word], bool]:
    """Return the test of whether a gloss word shows the word (`stem_test` of its word and base
    form, with its other forms)."""
    return stem_test((own.word, own.base_form), own.other_forms)


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


@lru_cache(maxsize=CACHE_ENTRIES)
def own_blanked(text: str, own: Own) -> str:
    """Return the text with every word that shows the word blanked out (`own_test`), the same on
    every puzzle: worked out once per text and word (a draw's or the archive's puzzles share most
    of their answers)."""
    return blanked_by(text, own_test(own), own.keys, None)


def names_any(text: str, keys: Collection[Word], forms: AnswerForms) -> bool:
    """Return True when the text holds a form of an answer other than `keys`."""
    return any(names_another(token, keys, forms) for token in TOKEN.findall(text))


def tidy_gloss(gloss: str) -> str:
    """Return a gloss without the empty parts nltk leaves where it took its quoted examples out
    (`cattle`: "...regardless of sex or age; ; ; - Bible")."""
    parts = [part.strip() for part in gloss.split(";")]
    return "; ".join(part for part in parts if part and not part.startswith("-"))


@lru_cache(maxsize=CACHE_ENTRIES)
def content_words(text: str) -> int:
    """Return how many words of a blanked text are neither blanks nor stop words."""
    return sum(token.lower() not in STOP_WORDS for token in TOKEN.findall(text))


@lru_cache(maxsize=CACHE_ENTRIES)
def telling_words(text: str) -> int:
    """Return how many words of a blanked text are neither blanks, stop words nor frame words."""
    return sum(token.lower() not in NOT_TELLING for token in TOKEN.findall(text))


def weighed_words(text: str) -> int:
    """Return how many words of a blanked text tell what it means: those that are neither blanks
    nor stop words, and, in a text that holds a blank, nor frame words (around a blank, they
    only frame it: "the act of ___ something"; alone, they are a meaning: "make up")."""
    return telling_words(text) if BLANK in text else content_words(text)


def says_something(text: str) -> bool:
    """Return True when a blanked text holds a word that tells what it means (`weighed_words`)."""
    return weighed_words(text) > 0


def says_enough(text: str) -> bool:
    """Return True when a blanked text says enough to be a clue: more words that tell what it
    means (`weighed_words`) than blanks (`make ___ or ___`, `small ___`, `the act of ___
    something` and `reason by ___; establish by ___` say too little; `gather` says enough)."""
    return weighed_words(text) > text.count(BLANK)


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


def sense_form_name(own: Own, sense: Sense) -> str | None:
    """Return what form of the sense's lemma the word is (`form_name`), or None."""
    return form_name(own.word, sense.lemma or own.base_form, sense.part_of_speech)


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
    other_forms: Sequence[Word] = (),
) -> Clue | None:
    """Return a word's clue from its senses (most frequent first) and its other forms, or None
    when none is usable (see `clue_among`)."""
    described = Described(base_form, tuple(senses), tuple(other_forms))
    return clue_among(word, described, answer_forms(other_answers))


def clue_among(
    word: Word, described: Described, forms: AnswerForms, strict: bool = False
) -> Clue | None:
    """Return a word's clue on a puzzle whose answers' forms are `forms`, or None.

    The first text that says enough (`says_enough`) and names none of the puzzle's other
    answers, in rounds over the senses, most frequent first (`ROUNDS`): their blanked glosses
    (or for an adjective or adverb whose gloss holds a blank, what it is about first); then
    their synonyms that show no form of the word; then their hypernyms ("a kind of ...") or
    what they are about. Then the first example sentence that says enough, alone; then the
    first gloss that says something at all; then (unless `strict`), when each such gloss names
    another answer, the first with those answers blanked too; else the first text of the rounds
    that says enough with those answers blanked. The clue of a sense has its example sentence,
    blanked the same way (dropped when it names another answer).
    """
    own = Own(word, described.base_form, described.other_forms)
    for sense, text in round_texts(own, described.senses):
        if says_enough(text) and not names_any(text, own.keys, forms):
            return clue_of(own, sense, text, forms)
    read = [(sense, own_blanked(tidy_gloss(sense.gloss), own)) for sense in described.senses]
    return weak_clue(own, described.senses, read, forms, strict)


def gloss_texts(own: Own, sense: Sense) -> list[str]:
    """Return a sense's blanked gloss, after the gloss of what it is about when its own holds a
    blank, which names that ("relating to the inner and thicker of the two bones of the human
    leg ..." for `tibial`, before "relating to or located near a ___")."""
    gloss = own_blanked(tidy_gloss(sense.gloss), own)
    related = about_text(own, sense)
    return [related, gloss] if related and BLANK in gloss else [gloss]


def synonym_texts(own: Own, sense: Sense) -> list[str]:
    """Return a sense's synonyms that show no form of the word, as one text (`combustion` for
    `burning`), if any."""
    shows = own_test(own)
    names = [name for name in sense.synonyms if not any(map(shows, TOKEN.findall(name)))]
    return [", ".join(names[:SYNONYMS_SHOWN])] if names else []


def kin_texts(own: Own, sense: Sense) -> list[str]:
    """Return a sense's hypernym that shows no form of the word ("a kind of fuel"), and what it
    is about unless its gloss came after that already."""
    shows = own_test(own)
    kind = KIND_OF.get(sense.part_of_speech)
    hypernym = next(
        (name for name in sense.hypernyms if not any(map(shows, TOKEN.findall(name)))), None
    )
    texts = [f"{kind} {hypernym}"] if kind and hypernym else []
    related = about_text(own, sense)
    if related and BLANK not in own_blanked(tidy_gloss(sense.gloss), own):
        texts.append(related)
    return texts


def about_text(own: Own, sense: Sense) -> str | None:
    """Return what an adjective's or adverb's sense is about, blanked ("relating to ..."), or
    None."""
    about = ABOUT.get(sense.part_of_speech)
    if about is None or sense.related_gloss is None:
        return None
    return f"{about} {own_blanked(tidy_gloss(sense.related_gloss), own)}"


ROUNDS = (gloss_texts, synonym_texts, kin_texts)  # what `clue_among` tries, sense by sense


def round_texts(own: Own, senses: Sequence[Sense]) -> Iterator[tuple[Sense, str]]:
    """Yield each text of the rounds (`ROUNDS`) with its sense: a round's texts over every sense,
    most frequent first, before the next round's."""
    for texts_of in ROUNDS:
        for sense in senses:
            for text in texts_of(own, sense):
                yield sense, text


def weak_clue(
    own: Own,
    senses: Sequence[Sense],
    read: list[tuple[Sense, str]],
    forms: AnswerForms,
    strict: bool,
) -> Clue | None:
    """Return the clue of a word none of whose senses says enough (see `clue_among`), or None."""
    example = telling_example(own, senses, forms)
    if example is not None:
        form = sense_form_name(own, example[0])
        return Clue(named(form, example[1]), None)
    naming_none = [(sense, text) for sense, text in read if not names_any(text, own.keys, forms)]
    for sense, text in naming_none:
        if says_something(text):
            return clue_of(own, sense, text, forms)
    if strict:
        return None
    for sense, text in read:
        text = blanked(text, own.keys, forms)
        if says_something(text):
            return clue_of(own, sense, text, forms)
    # no gloss says anything but its other texts name another answer (`aortal`'s names THAT)
    shows = own_test(own)
    for sense, text in round_texts(own, senses):
        text = blanked_by(text, shows, own.keys, forms)
        if says_enough(text):
            return clue_of(own, sense, text, forms)
    return None


def telling_example(
    own: Own, senses: Sequence[Sense], forms: AnswerForms
) -> tuple[Sense, str] | None:
    """Return the first sense whose blanked example sentence says enough and names no other
    answer, with that sentence (None: no such sense)."""
    for sense in senses:
        if sense.example:
            text = own_blanked(sense.example, own)
            if says_enough(text) and not names_any(text, own.keys, forms):
                return sense, text
    return None


def named(form: str | None, text: str) -> str:
    """Return a clue's text with the form of the word named first ("past tense: ...")."""
    return f"{form}: {text}" if form else text


def clue_of(own: Own, sense: Sense, text: str, forms: AnswerForms) -> Clue:
    """Return the clue of a chosen sense whose text is blanked already: the form named, and its
    example blanked (dropped when it names another answer)."""
    example = own_blanked(sense.example, own) if sense.example else None
    if example is not None and names_any(example, own.keys, forms):
        example = None
    return Clue(named(sense_form_name(own, sense), text), example)


def puzzle_clues(
    answers: Sequence[Word], described: Mapping[Word, Described], strict: bool = False
) -> dict[Word, Clue | None]:
    """Return the clue of each of a puzzle's answers, given what WordNet says of those it
    describes (the others get None); `strict`: see `clue_among`."""
    forms = answer_forms(answers)
    clues: dict[Word, Clue | None] = {}
    for word in answers:
        found = described.get(word)
        clues[word] = None if found is None else clue_among(word, found, forms, strict)
    return clues
