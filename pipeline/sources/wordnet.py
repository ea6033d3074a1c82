"""WordNet (Princeton WordNet 3.0), read through nltk's own corpus reader (`nltk.corpus.wordnet`):
the senses of its lemmas (with each sense's synonyms and hypernym), the base form of each word
that is not a lemma (`wordnet.morphy`), and the other forms of each word WordNet describes (its
base forms in every part of speech, with the irregular forms of its exception lists).

The functions take the reader and return input columns for the words stage's tables
(`sql/tables/words/wordnet_senses.sql`, `wordnet_forms.sql`, `wordnet_words.sql`).
`english_reader` opens the reader as `nltk.corpus.wordnet` does, without what it prepares for
other languages.
"""

from __future__ import annotations

import warnings
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from solvers.masks import is_plain_word

PARTS_OF_SPEECH = {"n": "noun", "v": "verb", "a": "adjective", "s": "adjective", "r": "adverb"}
READER_ORDER = ("n", "v", "a", "r")  # nltk's own order (POS_LIST); satellites share `a`'s index
SENSE_COLUMNS = (
    "lemma",
    "rank",
    "part_of_speech",
    "lexicographer_file",
    "instance",
    "gloss",
    "example",
    "synonyms",
    "hypernyms",
    "related_gloss",
    "derived_forms",
)
FORM_COLUMNS = ("word", "base_form", "inflects")
OTHER_FORM_COLUMNS = ("word", "other_forms")
CLUE_TABLES = ("wordnet_forms", "wordnet_senses")  # what a clue is made of (the words stage's)
# The regular endings a word's base may have taken (with what they replaced: `ily` was `y`), beyond
# morphy's rules of inflection: the derivations a gloss most often names the word by (`wryly`:
# "in a wry manner", `dewy`: "wet with dew"). A base they leave counts when it is a lemma.
DERIVED_ENDINGS = (
    ("ly", ""),
    ("ly", "le"),
    ("ily", "y"),
    ("ally", ""),
    ("ness", ""),
    ("iness", "y"),
    ("y", ""),
    ("y", "e"),
    ("er", ""),
    ("er", "e"),
    ("ier", "y"),
    ("ers", ""),
    ("ers", "e"),
    ("est", ""),
    ("est", "e"),
    ("ed", ""),
    ("ed", "e"),
    ("ied", "y"),
    ("ing", ""),
    ("ing", "e"),
    ("s", ""),
    ("es", ""),
    ("ies", "y"),
)
VOWELS = frozenset("aeiou")


def lemma_senses(reader: Any) -> dict[str, list]:
    """Return every sense of every plain (lowercase a-z) lemma as columns (SENSE_COLUMNS), ranked
    most frequent first.

    WordNet orders a lemma's senses by frequency within each part of speech; the parts of speech
    are ordered by the tagged count of their first sense (`Lemma.count()`), ties in WordNet's own
    order (noun, verb, ...).
    """
    counts = tagged_counts(reader)
    columns: dict[str, list] = {name: [] for name in SENSE_COLUMNS}
    for name in reader.all_lemma_names():
        if not is_plain_word(name):
            continue
        for rank, (lemma, synset) in enumerate(ranked_senses(reader, name, counts), start=1):
            examples = synset.examples()
            row = (
                name,
                rank,
                PARTS_OF_SPEECH[synset.pos()],
                synset.lexname(),
                bool(synset.instance_hypernyms()),
                synset.definition(),
                examples[0] if examples else None,
                synonyms(synset, name),
                hypernym_names(synset),
                related_gloss(lemma),
                sorted({form.name() for form in lemma.derivationally_related_forms()} - {name}),
            )
            for column, value in zip(SENSE_COLUMNS, row, strict=True):
                columns[column].append(value)
    return columns


def synonyms(synset: Any, name: str) -> list[str]:
    """Return the names of a synset's lemmas other than `name`, in WordNet's order, as words
    (`leg_it`: "leg it")."""
    return [
        lemma.name().replace("_", " ") for lemma in synset.lemmas() if lemma.name().lower() != name
    ]


def hypernym_names(synset: Any) -> list[str]:
    """Return the lemma names of a synset's first hypernym (an instance's: its first class) in
    WordNet's data file, as words, in WordNet's order (none: it has no hypernym, as adjectives
    and adverbs)."""
    # nltk keeps a synset's pointers in a set: `hypernyms()` lists them in an order that changes
    # with each process's hash seed (`flea`: insect or ectoparasite first), so every build would
    # store another; their offsets in the data file are WordNet's own and the same every time
    found = synset.hypernyms() or synset.instance_hypernyms()
    if not found:
        return []
    first = min(found, key=lambda hypernym: hypernym.offset())
    return [lemma.name().replace("_", " ") for lemma in first.lemmas()]


def related_gloss(lemma: Any) -> str | None:
    """Return the gloss of what an adjective's or an adverb's sense is about: its pertainym's
    (`tibial`: the tibia's; `glaringly`: glaring's), or None."""
    pertainyms = lemma.pertainyms()
    return pertainyms[0].synset().definition() if pertainyms else None


def corpus_file() -> Path | None:
    """Return the file of the WordNet corpus nltk finds (the downloader's zip, or an unzipped
    folder's data.noun), or None."""
    import nltk

    for resource in ("corpora/wordnet.zip", "corpora/wordnet/data.noun"):
        try:
            found = nltk.data.find(resource)
        except LookupError:
            continue
        return Path(found.zipfile.filename if hasattr(found, "zipfile") else found.path)
    return None


def english_reader() -> Any:
    """Return nltk's WordNet reader of the corpus `nltk.corpus.wordnet` finds, without the map of
    WordNet 3.0's synsets onto the loaded version's that nltk builds for the multilingual (OMW)
    data: it builds it even when the version loaded is 3.0 itself (its version, "3.0", is never
    the name it compares it with, "wordnet"), which took two thirds of opening the reader (2.2 s
    of 3.3 s), and no English lookup reads it."""
    from nltk.corpus.util import LazyCorpusLoader

    with warnings.catch_warnings():  # that without OMW data, other languages are not available
        warnings.simplefilter("ignore", UserWarning)
        reader = LazyCorpusLoader("wordnet", EnglishWordNet.reader_class(), None)
        reader.ensure_loaded()
    return reader


class EnglishWordNet:
    """nltk's WordNetCorpusReader without the map for other languages (see `english_reader`)."""

    @staticmethod
    def reader_class() -> type:
        """Return the reader class (nltk's, its `map_wn` mapping nothing)."""
        from nltk.corpus.reader.wordnet import WordNetCorpusReader

        class EnglishWordNetReader(WordNetCorpusReader):  # type: ignore[misc]
            def map_wn(self, version: str = "wordnet") -> None:
                """Map nothing: English lookups never read the map."""
                return None

        return EnglishWordNetReader


def no_senses() -> dict[str, list]:
    """Return the columns of no senses (a word collection without WordNet)."""
    return {name: [] for name in SENSE_COLUMNS}


def tagged_counts(reader: Any) -> dict[str, int]:
    """Return the tagged count of every sense that has one, by sense key: `Lemma.count()` for
    all of them at once (it searches the reader's `cntlist.rev` for one key a call: 2 s for the
    15,000 first senses compared)."""
    text = reader.open("cntlist.rev").read()
    return {key: int(count) for key, _, count in (line.split(" ") for line in text.splitlines())}


def ranked_senses(reader: Any, name: str, counts: dict[str, int]) -> list[tuple[Any, Any]]:
    """Return a lemma's (Lemma, Synset) pairs, most frequent first (see `lemma_senses`)."""
    by_part: dict[str, list[tuple[Any, Any]]] = defaultdict(list)
    for lemma, synset in index_senses(reader, name):
        by_part[PARTS_OF_SPEECH[synset.pos()]].append((lemma, synset))
    parts = list(by_part.values())  # in WordNet's order of the parts of speech
    if len(parts) > 1:
        parts.sort(key=lambda senses: -counts.get(senses[0][0].key(), 0))  # stable: ties keep order
    return [sense for senses in parts for sense in senses]


def index_senses(reader: Any, name: str) -> list[tuple[Any, Any]]:
    """Return a lemma's (Lemma, Synset) pairs as `reader.lemmas(name)` gives them (one a synset:
    `Mark` and `mark` in one synset are one sense), from the reader's own index of the lemma's
    synsets by part of speech, in sense order: without asking morphy for base forms, whose
    synsets `lemmas` drops again (a synset that holds the lemma is in its index entry)."""
    entry = reader._lemma_pos_offset_map[name]  # satellites (`s`) are under `a` too
    pairs = []
    for part in READER_ORDER:
        for offset in entry.get(part, ()):
            synset = reader.synset_from_pos_and_offset(part, offset)
            lemma = next(found for found in synset.lemmas() if found.name().lower() == name)
            pairs.append((lemma, synset))
    return pairs


def base_forms(reader: Any, words: Iterable[str]) -> dict[str, list]:
    """Return, for each word that is no WordNet lemma but an inflected form of one, its base form
    (`wordnet.morphy`) and the parts of speech it inflects, as columns (word, base_form,
    inflects).

    morphy is asked only about words that end in a suffix of its rules or are one of its
    exceptions (`geese`, `ran`): no other word can have a base form.
    """
    lemmas = set(reader.all_lemma_names())
    suffixes = tuple(
        {old for rules in reader.MORPHOLOGICAL_SUBSTITUTIONS.values() for old, _ in rules}
    )
    exceptions = set().union(*reader._exception_map.values())  # nltk's own exception lists
    columns: dict[str, list] = {name: [] for name in FORM_COLUMNS}
    for word in words:
        if word in lemmas or not (word.endswith(suffixes) or word in exceptions):
            continue
        # morphy(word) is the first part of speech's answer, in the reader's order: asked once a
        # part of speech, not once more for all of them
        by_part = [reader.morphy(word, pos) for pos in READER_ORDER]
        base = next(filter(None, by_part), None)
        if base is None:
            continue
        parts = [
            PARTS_OF_SPEECH[pos]
            for pos, found in zip(READER_ORDER, by_part, strict=True)
            if found == base
        ]
        columns["word"].append(word)
        columns["base_form"].append(base)
        columns["inflects"].append(parts)
    return columns


def lemma_inflections(reader: Any, names: Iterable[str]) -> dict[str, list]:
    """Return, for each of the lemmas that is also an inflected form of another lemma (`footed`:
    foot's past tense; `dimmed`: dim's), that base form and the parts of speech it inflects, as
    columns (FORM_COLUMNS): morphy's answer in the parts of speech where it is not the word
    itself, the first such part's in the reader's order."""
    columns: dict[str, list] = {name: [] for name in FORM_COLUMNS}
    asked = [
        (pos, tuple({old for old, _ in reader.MORPHOLOGICAL_SUBSTITUTIONS[pos]}))
        for pos in READER_ORDER
    ]
    for word in names:
        by_part = [
            reader.morphy(word, pos)
            if word.endswith(suffixes) or word in reader._exception_map[pos]
            else None
            for pos, suffixes in asked
        ]
        base = next((found for found in by_part if found and found != word), None)
        if base is None or not is_plain_word(base):
            continue
        columns["word"].append(word)
        columns["base_form"].append(base)
        columns["inflects"].append(
            [
                PARTS_OF_SPEECH[pos]
                for pos, found in zip(READER_ORDER, by_part, strict=True)
                if found == base
            ]
        )
    return columns


def rule_forms(reader: Any, shortest: int) -> set[str]:
    """Return the plain words of `shortest` letters or more that WordNet's rules of inflection
    (morphy's substitutions, undone) or its exception lists lead back to a plain lemma: every
    word `base_forms` may find a base form for, whichever list holds it (the NYT's own word lists
    hold words no list of the words stage has: `shufties`, `rainflies`)."""
    found: set[str] = set()
    for pos in READER_ORDER:
        rules = reader.MORPHOLOGICAL_SUBSTITUTIONS[pos]
        for lemma in filter(is_plain_word, reader.all_lemma_names(pos)):
            found.update(
                lemma[: len(lemma) - len(new)] + old for old, new in rules if lemma.endswith(new)
            )
        found.update(filter(is_plain_word, reader._exception_map[pos]))
    return {word for word in found if len(word) >= shortest}


def other_forms(reader: Any, words: Iterable[str]) -> dict[str, list]:
    """Return, for each word that has any, its other forms as columns (word, other_forms): the
    bases morphy finds for it in every part of speech and the lemmas its regular endings leave
    (`wryly`: wry; `dimmed`: dim), each base's own bases once more (`glaringly`: glaring, glare),
    and the irregular forms WordNet's exception lists give any of them (`give`: gave, given;
    `foot`: feet), sorted: the forms a clue must not show."""
    bases_of = WordBases.of(reader)
    irregular: dict[str, set[str]] = defaultdict(set)  # a base -> its exception forms
    for pos in READER_ORDER:
        for form, bases in reader._exception_map[pos].items():
            for base in bases:
                irregular[base].add(form)
    columns: dict[str, list] = {name: [] for name in OTHER_FORM_COLUMNS}
    for word in words:
        bases = bases_of(word)
        bases = bases.union(*map(bases_of, bases))
        found = bases.union(*(irregular[base] for base in bases | {word})) - {word}
        if found:
            columns["word"].append(word)
            columns["other_forms"].append(sorted(filter(is_plain_word, found)))
    return columns


class WordBases:
    """The bases of a word (see `__call__`), each word's worked out once."""

    def __init__(self, reader: Any, lemmas: set[str]) -> None:
        self.reader = reader
        self.lemmas = lemmas
        # morphy finds a base other than the word itself only for a word that ends in one of a
        # part of speech's suffixes or is one of its exceptions: it is asked about no other
        self.asked = [
            (
                pos,
                tuple({old for old, _ in reader.MORPHOLOGICAL_SUBSTITUTIONS[pos]}),
                reader._exception_map[pos],
            )
            for pos in READER_ORDER
        ]
        self.found: dict[str, frozenset[str]] = {}

    @classmethod
    def of(cls, reader: Any) -> WordBases:
        """Return the bases of the words of a reader's WordNet."""
        return cls(reader, set(filter(is_plain_word, reader.all_lemma_names())))

    def __call__(self, word: str) -> frozenset[str]:
        """Return the bases of a word: morphy's in every part of speech (every one it finds, from
        its rules or its exception lists: `been`, be) and the lemmas of three letters or more its
        regular endings leave (DERIVED_ENDINGS, a doubled last consonant undone too: `potted`,
        pot), the word itself left out."""
        if word not in self.found:
            found = {
                base
                for pos, suffixes, exceptions in self.asked
                if word in exceptions or word.endswith(suffixes)
                for base in self.reader._morphy(word, pos)
            }
            found.update(base for base in ending_bases(word) if len(base) > 2)
            self.found[word] = frozenset(found.intersection(self.lemmas) - {word})
        return self.found[word]


def ending_bases(word: str) -> set[str]:
    """Return what each of the regular endings of DERIVED_ENDINGS leaves of a word, a doubled
    last consonant undone too (`potted`: pott, pot), lemmas or not."""
    found: set[str] = set()
    for old, new in DERIVED_ENDINGS:
        if word.endswith(old):
            stem = word[: len(word) - len(old)] + new
            found.add(stem)
            if new == "" and len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in VOWELS:
                found.add(stem[:-1])
    return found
