"""The words stage: read every word source, normalize to lowercase a-z, load `words` and friends."""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import numpy as np

from pipeline import config, progress
from pipeline.collector import cycle_collector_paused
from pipeline.errors import UserError
from pipeline.games import GAMES
from pipeline.sources import wordnet
from pipeline.sources.word_lists import TEXT_PARSERS, WORD_LISTS, WordList, read_plain_list
from pipeline.stages import beside
from pipeline.stages.stage import prepare_stage
from pipeline.storage import derived_cache, warehouse
from pipeline.storage.download import Downloader
from pipeline.storage.warehouse import Connection
from solvers.masks import is_plain_word

T = TypeVar("T")

EXAMPLES_SHOWN = 5  # the dropped entries of each source and reason the summary shows
EXAMPLES_KEPT = 20  # kept to choose them from (an offensive one is never shown)


def drop_reason(entry: str) -> str | None:
    """Return why a raw entry is not a plain lowercase word, or None when it is one."""
    if not entry:
        return "empty"
    if is_plain_word(entry):
        return None
    if any(map(str.isdigit, entry)):
        return "digit"
    if "-" in entry:
        return "hyphen"
    if "'" in entry or "\u2019" in entry:
        return "apostrophe"
    if any(map(str.isspace, entry)):
        return "space"
    if not entry.isascii():
        return "accent"
    if entry.isalpha() and entry[0].isupper():
        return "proper_noun"
    return "other"


@dataclass
class WordCollection:
    """Words gathered from every source, with their attributes and what was dropped."""

    words_of: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    entries_read: Counter = field(default_factory=Counter)
    drops: Counter = field(default_factory=Counter)
    drop_examples: dict[tuple[str, str], list[str]] = field(
        default_factory=lambda: defaultdict(list)
    )
    capitalized: set[str] = field(default_factory=set)
    first_names: set[str] = field(default_factory=set)
    offensive: set[str] = field(default_factory=set)
    offensive_phrases: set[str] = field(default_factory=set)  # the list's entries not plain words
    brown_count: Counter = field(default_factory=Counter)
    zipf: dict[str, float] = field(default_factory=dict)
    wordfreq_rank: dict[str, int] = field(default_factory=dict)
    # WordNet's senses of its lemmas, the base forms of inflected words and the other forms of
    # each word it describes, as input columns (sources/wordnet.py): the words stage's
    # wordnet_senses, wordnet_forms and wordnet_words tables (a callable: the senses are read in
    # a second process, waited for once the words are in)
    wordnet_senses: Callable[[], dict[str, list]] = wordnet.no_senses
    wordnet_forms: dict[str, list] = field(
        default_factory=lambda: {name: [] for name in wordnet.FORM_COLUMNS}
    )
    wordnet_other_forms: dict[str, list] = field(
        default_factory=lambda: {name: [] for name in wordnet.OTHER_FORM_COLUMNS}
    )

    @property
    def sources_of(self) -> dict[str, set[str]]:
        """Return each word's sources (the collection keeps each source's words instead)."""
        sources: dict[str, set[str]] = defaultdict(set)
        for source, words in self.words_of.items():
            for word in words:
                sources[word].add(source)
        return sources

    def add_entries(self, source: str, entries: Iterable[str]) -> None:
        """Add a source's raw entries, keeping plain words and counting the rest by reason."""
        stripped = [entry.strip() for entry in entries]
        self.entries_read[source] += len(stripped)
        if all(stripped) and is_plain_word("".join(stripped)):  # one test in C for a clean list
            self.words_of[source].update(stripped)
            return
        plain = set(filter(is_plain_word, stripped))
        self.words_of[source] |= plain
        for entry in stripped:
            reason = None if entry in plain else drop_reason(entry)
            if reason is not None:
                self.count_drop(source, entry, reason)

    def count_drop(self, source: str, entry: str, reason: str) -> None:
        """Count one dropped entry, keep a few examples (more than shown: an offensive one is
        left out, see `examples`), and remember capitalized words."""
        self.drops[source, reason] += 1
        examples = self.drop_examples[source, reason]
        if len(examples) < EXAMPLES_KEPT:
            examples.append(entry)
        if reason == "proper_noun":
            self.capitalized.add(entry.lower())

    def add_offensive(self, entries: Iterable[str]) -> None:
        """Mark the plain words of the offensive-word list; count the rest (phrases, ...) by reason,
        keeping them to tell offensive examples, never to show them."""
        for entry in entries:
            entry = entry.strip()
            self.entries_read["ldnoobw"] += 1
            reason = drop_reason(entry)
            if reason is None:
                self.offensive.add(entry)
            else:
                self.drops["ldnoobw", reason] += 1
                self.offensive_phrases.add(entry.lower())

    def examples(self, source: str, reason: str) -> list[str]:
        """Return a few of the entries a source dropped for a reason, none of them offensive (on
        the offensive-word list, or holding a word of it): none of that list's own."""
        if source == "ldnoobw":
            return []
        shown = [
            entry
            for entry in self.drop_examples[source, reason]
            if entry.lower() not in self.offensive_phrases
            and not self.offensive.intersection(re.findall(r"[a-z]+", entry.lower()))
        ]
        return shown[:EXAMPLES_SHOWN]

    def kept(self, source: str) -> int:
        """Return how many distinct words a source contributed."""
        return len(self.words_of.get(source, ()))

    def word_count(self) -> int:
        """Return how many distinct words the sources gave together."""
        return len(set().union(*self.words_of.values()))


def fetch_word_list(downloader: Downloader, source: WordList) -> str:
    """Return the text of a downloadable word list, or stop with a line saying how to supply it."""
    url = source.url or ""
    fetched = downloader.fetch(url)
    if fetched.path is None:
        why = fetched.error or fetched.origin
        raise UserError(
            f"word list {source.name} is unavailable ({why}): download {url} into "
            f"{downloader.cache_path(url)}, or set PIPELINE_MIRROR to a mirror holding it"
        )
    return fetched.text()


def nltk_corpus(name: str, offline: bool):
    """Return an nltk corpus reader, downloading the corpus into data/raw/nltk_data if allowed."""
    import nltk

    local_data = config.raw_dir() / "nltk_data"
    if str(local_data) not in nltk.data.path:
        nltk.data.path.append(str(local_data))
    if not _nltk_has(nltk, name) and (
        offline or not nltk.download(name, download_dir=str(local_data), quiet=True)
    ):
        raise UserError(
            f"nltk corpus {name!r} is missing: set NLTK_DATA to a folder holding "
            f"corpora/{name}.zip (e.g. ../shared/mirror/nltk_data), or run online so that "
            f"nltk.download({name!r}) puts it in {local_data}"
        )
    return getattr(__import__("nltk.corpus", fromlist=[name]), name)


def _nltk_has(nltk, name: str) -> bool:
    """Return True when nltk finds a corpus, unzipped or as the downloader stores it (zip)."""
    for resource in (f"corpora/{name}", f"corpora/{name}.zip/{name}/"):
        try:
            nltk.data.find(resource)
            return True
        except LookupError:
            continue
    return False


BROWN_TOKEN = re.compile(r"(\S+)/[^\s/]+")  # word/tag: the word is all before the last slash


def brown_tokens(brown, fileids: list[str] | None = None) -> list[str]:
    """Return the words of the Brown corpus (or of some of its files), as its reader's `words()`
    gives them.

    The tagged text is read raw and split by one regular expression, ten times faster than the
    reader's tokenizer (a test checks both give the same tokens).
    """
    return BROWN_TOKEN.findall(brown.raw(fileids))


def add_downloaded(words: WordCollection, source: WordList, reading: Reading) -> None:
    """Add a downloaded list's entries, parsed by its reader (sources/word_lists.py)."""
    text = fetch_word_list(reading.downloader, source)
    words.add_entries(source.name, TEXT_PARSERS[source.reader](text))


def add_offensive_list(words: WordCollection, source: WordList, reading: Reading) -> None:
    """Mark the words of the downloaded offensive-word list."""
    words.add_offensive(read_plain_list(fetch_word_list(reading.downloader, source)))


def add_web2(words: WordCollection, source: WordList, reading: Reading) -> None:
    """Add nltk's `words` corpus (Unix web2; its capitalized entries mark proper nouns)."""
    words.add_entries(source.name, nltk_corpus("words", reading.offline).words("en"))


def add_stopwords(words: WordCollection, source: WordList, reading: Reading) -> None:
    """Add nltk's English stop words."""
    words.add_entries(source.name, nltk_corpus("stopwords", reading.offline).words("english"))


def add_brown_corpus(words: WordCollection, source: WordList, reading: Reading) -> None:
    """Add the Brown corpus's words and counts."""
    add_brown(words, brown_tokens(nltk_corpus("brown", reading.offline)))


def add_first_names(words: WordCollection, source: WordList, reading: Reading) -> None:
    """Mark the first names of nltk's `names` corpus."""
    words.first_names = {name.lower() for name in nltk_corpus("names", reading.offline).words()}
    words.entries_read[source.name] = len(words.first_names)


def add_frequencies(words: WordCollection, source: WordList, reading: Reading) -> None:
    """Add wordfreq's English words with their Zipf frequency and rank."""
    add_wordfreq(words)


def add_wordnet(words: WordCollection, source: WordList, reading: Reading) -> None:
    """Add WordNet's description of the words gathered so far and of the forms its rules make of
    its lemmas: the base form of each inflected one and the other forms of every one (read
    here), and the senses of every lemma (read meanwhile in a second process)."""
    shortest = min(game.min_length for game in GAMES)
    candidates = sorted(w for w in set().union(*words.words_of.values()) if len(w) >= shortest)
    found = read_wordnet_forms(candidates, shortest, reading.offline)
    words.wordnet_forms, words.wordnet_other_forms, words.entries_read[source.name] = found
    senses = reading.wordnet_senses or beside.CallMadeHere(read_wordnet_senses, reading.offline)
    words.wordnet_senses = senses.result


def read_wordnet_forms(
    candidates: list[str], shortest: int, offline: bool
) -> tuple[dict[str, list], dict[str, list], int]:
    """Return the base forms of the candidates and of the forms WordNet's rules make of its
    lemmas that are inflected forms of a lemma (sources/wordnet.base_forms), and of the lemmas
    that are inflected forms of another lemma too (wordnet.lemma_inflections), the other forms
    of every word it describes of `shortest` letters or more (wordnet.other_forms) and WordNet's
    count of lemmas, kept for these candidates (about 15 s of CPU, the reader opened included)."""

    def work() -> tuple[dict[str, list], dict[str, list], int]:
        reader = wordnet.english_reader()
        asked = set(candidates) | wordnet.rule_forms(reader, shortest)
        forms = wordnet.base_forms(reader, sorted(asked))
        lemmas = sorted(
            name
            for name in reader.all_lemma_names()
            if len(name) >= shortest and is_plain_word(name)
        )
        inflected = wordnet.lemma_inflections(reader, lemmas)
        others = wordnet.other_forms(reader, sorted({*lemmas, *forms["word"]}))
        forms = {name: forms[name] + inflected[name] for name in wordnet.FORM_COLUMNS}
        return forms, others, sum(1 for _ in reader.all_lemma_names())

    asked = f"{shortest}\n" + "\n".join(candidates)
    return remembered_from_wordnet("wordnet_forms", offline, work, asked.encode())


def read_wordnet_senses(offline: bool) -> dict[str, list]:
    """Return the senses of every WordNet lemma (run in the words stage's second process: it
    reads only nltk's files, which no stage writes; about 9 s of parsing, 0.3 s to read back)."""
    return remembered_from_wordnet(
        "wordnet_senses", offline, lambda: wordnet.lemma_senses(wordnet.english_reader())
    )


def remembered_from_wordnet(
    name: str, offline: bool, work: Callable[[], T], asked: bytes = b""
) -> T:
    """Return `work()` on WordNet's corpus (found, or downloaded, first), kept in the download
    cache for that corpus file, nltk's version and sources/wordnet.py (storage/derived_cache.py)."""
    import nltk

    nltk_corpus("wordnet", offline)
    corpus = wordnet.corpus_file()
    if corpus is None:
        return work()
    code = Path(wordnet.__file__)
    return derived_cache.remembered(f"{name}-nltk{nltk.__version__}", corpus, code, work, asked)


def add_brown(words: WordCollection, tokens: list[str]) -> None:
    """Add the Brown corpus: the words seen in lowercase, and each word's count in any case.

    The 1.2 million tokens are counted first (in C): the rest looks at 56 thousand distinct ones.
    """
    counts = Counter(tokens)
    words.entries_read["brown"] = len(tokens)
    words.words_of["brown"].update(filter(is_plain_word, counts))
    for token, count in counts.items():
        if token.isascii() and token.isalpha():
            words.brown_count[token.lower()] += count


def add_wordfreq(words: WordCollection) -> None:
    """Add wordfreq's English words with their Zipf frequency and rank among plain words."""
    import wordfreq

    frequencies = wordfreq.get_frequency_dict("en", wordlist="best")
    words.entries_read["wordfreq"] = len(frequencies)
    plain = set(filter(is_plain_word, frequencies))
    for word in frequencies:
        reason = None if word in plain else drop_reason(word)
        if reason is not None:
            words.drops["wordfreq", reason] += 1
    # Most frequent first, ties alphabetically: two stable sorts (reverse=True keeps ties' order).
    ranked = sorted(sorted(plain), key=frequencies.__getitem__, reverse=True)
    zipf_of = {freq: round(math.log10(freq) + 9, 2) for freq in set(frequencies.values())}
    zipfs = map(zipf_of.__getitem__, map(frequencies.__getitem__, ranked))
    words.words_of["wordfreq"] |= plain
    words.zipf.update(zip(ranked, zipfs, strict=True))
    words.wordfreq_rank.update({word: rank for rank, word in enumerate(ranked, start=1)})


@dataclass(frozen=True)
class Reading:
    """How the words stage reaches its sources: the download cache, whether offline, and WordNet's
    senses being read in a second process."""

    downloader: Downloader
    offline: bool
    wordnet_senses: beside.CallBeside[dict[str, list]] | None = None  # None: read when needed


READERS: dict[str, Callable[[WordCollection, WordList, Reading], None]] = {
    "lines": add_downloaded,
    "2of12id": add_downloaded,
    "offensive": add_offensive_list,
    "nltk_words": add_web2,
    "nltk_stopwords": add_stopwords,
    "brown": add_brown_corpus,
    "nltk_names": add_first_names,
    "wordfreq": add_frequencies,
    "wordnet": add_wordnet,
}
"""How each kind of source is read (a registered list names its reader)."""


def collect_words(downloader: Downloader, offline: bool) -> WordCollection:
    """Read every registered word list into one collection, showing a step line per list."""
    words = WordCollection()
    nltk_corpus("wordnet", offline)  # a missing corpus stops the stage before any work
    senses = beside.CallBeside(read_wordnet_senses, offline)  # 10 s of parsing, on the second core
    reading = Reading(downloader, offline, senses)
    with cycle_collector_paused():
        for source in WORD_LISTS:
            with progress.step(f"reading {source.name} ({source.origin})"):
                READERS[source.reader](words, source, reading)
    return words


def source_word_columns(words: WordCollection) -> dict[str, list[str]]:
    """Return the `source_word_rows` input columns: each source that keeps words, with its words
    in one text, one a line (DuckDB splits a text far faster than it reads a million strings)."""
    names = sorted(name for name, kept in words.words_of.items() if kept)
    return {"source": names, "words": ["\n".join(words.words_of[name]) for name in names]}


def attribute_columns(
    values: dict[str, int] | dict[str, float], dtype: type
) -> dict[str, list[str] | np.ndarray]:
    """Return the input columns of one attribute: `word` and `value` (a typed array)."""
    return {"word": list(values), "value": np.fromiter(values.values(), dtype, len(values))}


def marker_columns(marked: set[str]) -> dict[str, list[str]]:
    """Return the input column of one marker: the words it marks."""
    return {"word": list(marked)}


def source_columns(words: WordCollection) -> dict[str, list]:
    """Return the `word_sources` table's input columns, one entry per source."""
    sources = WORD_LISTS
    return {
        "source": [source.name for source in sources],
        "kind": [source.kind for source in sources],
        "origin": [source.origin for source in sources],
        "licence": [source.licence for source in sources],
        "entries_read": [words.entries_read[source.name] for source in sources],
        "words_kept": [
            words.kept(source.name) if source.keeps_words else None for source in sources
        ],
    }


def drop_columns(words: WordCollection) -> dict[str, list]:
    """Return the `word_drops` table's input columns, one entry per source and reason."""
    drops = sorted(words.drops.items())
    return {
        "source": [source for (source, _), _ in drops],
        "reason": [reason for (_, reason), _ in drops],
        "entries": [count for _, count in drops],
        "examples": [words.examples(source, reason) for (source, reason), _ in drops],
    }


def load_words(con: Connection, words: WordCollection) -> None:
    """Replace the `words`, `word_sources` and `word_drops` tables in one transaction."""
    warehouse.hand_over(con, "source_word_rows", source_word_columns(words))
    warehouse.hand_over(con, "zipf_rows", attribute_columns(words.zipf, float))
    warehouse.hand_over(con, "wordfreq_rank_rows", attribute_columns(words.wordfreq_rank, np.int64))
    warehouse.hand_over(con, "brown_count_rows", attribute_columns(words.brown_count, np.int64))
    warehouse.hand_over(con, "capitalized_rows", marker_columns(words.capitalized))
    warehouse.hand_over(con, "first_name_rows", marker_columns(words.first_names))
    warehouse.hand_over(con, "offensive_rows", marker_columns(words.offensive))
    warehouse.hand_over(con, "source_rows", source_columns(words))
    warehouse.hand_over(con, "drop_rows", drop_columns(words))
    warehouse.hand_over(con, "wordnet_form_rows", words.wordnet_forms)
    warehouse.hand_over(con, "wordnet_other_form_rows", words.wordnet_other_forms)
    with warehouse.transaction(con):
        prepare_stage(con)
        warehouse.build(con, "words/words")
        load_wordnet(con, words.wordnet_senses())
        load_source_summary(con)


def load_wordnet(con: Connection, senses: dict[str, list]) -> None:
    """Replace `wordnet_forms`, `wordnet_senses` and `wordnet_words` from WordNet's senses and the
    handed-over base forms and other forms."""
    warehouse.hand_over(con, "wordnet_sense_rows", senses)
    shortest = min(game.min_length for game in GAMES)
    warehouse.build(con, "words/wordnet_forms", {"min_length": shortest})
    warehouse.build(con, "words/wordnet_senses")
    warehouse.build(con, "words/wordnet_words", {"min_length": shortest})


def load_source_summary(con: Connection) -> None:
    """Replace `word_sources` and `word_drops` from the handed-over rows."""
    warehouse.build(con, "words/word_sources")
    warehouse.build(con, "words/word_drops")


def build_words(con: Connection, offline: bool = False) -> None:
    """Run the words stage end to end on an open warehouse."""
    downloader = Downloader.from_env(offline=offline)
    words = collect_words(downloader, offline)
    with progress.step(f"loading {words.word_count():,} words and WordNet into the warehouse"):
        load_words(con, words)
