"""WordNet (Princeton WordNet 3.0), read through nltk's own corpus reader (`nltk.corpus.wordnet`):
the senses of its lemmas, and the base form of each word that is not a lemma (`wordnet.morphy`).

Both functions take the reader and return input columns for the words stage's tables
(`sql/tables/words/wordnet_senses.sql`, `wordnet_words.sql`). `english_reader` opens the reader
as `nltk.corpus.wordnet` does, without what it prepares for other languages.
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
)
FORM_COLUMNS = ("word", "base_form", "inflects")
CLUE_TABLES = ("wordnet_words", "wordnet_senses")  # what a clue is made of (the words stage's)


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
        for rank, (_, synset) in enumerate(ranked_senses(reader, name, counts), start=1):
            examples = synset.examples()
            row = (
                name,
                rank,
                PARTS_OF_SPEECH[synset.pos()],
                synset.lexname(),
                bool(synset.instance_hypernyms()),
                synset.definition(),
                examples[0] if examples else None,
            )
            for column, value in zip(SENSE_COLUMNS, row, strict=True):
                columns[column].append(value)
    return columns


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
