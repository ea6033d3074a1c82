"""The word lists: every source of words, registered once, with the parsers of the downloaded ones.

One entry per source: where it comes from and under which licence, how the words stage reads it
(`reader`), whether `--dictionary NAME` and `pipeline report` use it as a raw list, its line in
the report's chart and the evidence-bucket flag it gives a word (`pipeline/model/evidence.py`).
A new downloadable one-word-a-line list is one entry here (reader `lines`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

from pipeline.errors import UserError

Kind = Literal["list", "corpus", "marker", "frequency", "lexicon"]


@dataclass(frozen=True)
class WordList:
    """One source of words."""

    name: str  # the `sources` value of its words in the `words` table
    kind: Kind  # a list of words, a corpus, a marker (flags words), frequencies, or a lexicon
    # (describes the words of the others)
    origin: str  # the URL it is downloaded from, or what it is
    licence: str
    reader: str  # how the words stage reads it (stages/words.py READERS)
    url: str | None = None  # downloaded through the cache when set
    report_tops: tuple[int, ...] = ()  # `pipeline report` also scores its N most frequent words
    in_report: bool = False  # `pipeline report` scores it as a raw list
    chart: dict[str, Any] = field(default_factory=dict)  # its line in the report's chart
    # the evidence-bucket flags a word gets from the list (model/evidence.py): being in it, and
    # what the list says of it; a game's buckets use some of them (its hook evidence_flags)
    evidence: tuple[str, ...] = ()

    @property
    def keeps_words(self) -> bool:
        """Return True when the list's words are words (not markers or descriptions of words)."""
        return self.kind not in ("marker", "lexicon")


def downloaded_raw_list(
    name: str, url: str, licence: str, reader: str, color: str, evidence: tuple[str, ...]
) -> WordList:
    """Return a list downloaded from `url` that `--dictionary` and the report use as a raw list."""
    chart = {"color": color, "lw": 1.0}
    return WordList(
        name, "list", url, licence, reader, url, in_report=True, chart=chart, evidence=evidence
    )


WORD_LISTS: tuple[WordList, ...] = (
    downloaded_raw_list(
        "words_alpha",
        "https://raw.githubusercontent.com/dwyl/english-words/master/words_alpha.txt",
        "Unlicense",
        "lines",
        "tab:blue",
        ("in words_alpha",),
    ),
    downloaded_raw_list(
        "enable",
        "https://raw.githubusercontent.com/norvig/pytudes/main/ipynb/enable1.txt",
        "public domain",
        "lines",
        "tab:orange",
        ("in ENABLE",),
    ),
    downloaded_raw_list(
        "2of12id",
        "https://raw.githubusercontent.com/felixfischer/categorized-words/master/2of12id.json",
        "public domain (12dicts)",
        "2of12id",
        "tab:green",
        ("in 2of12id",),
    ),
    WordList(
        "nltk_words",
        "list",
        "nltk corpus words (Unix web2)",
        "public domain",
        "nltk_words",
        in_report=True,
        chart={"color": "tab:red", "lw": 1.0},
        evidence=("in web2", "capitalized in web2"),  # its capitalized entries: proper nouns
    ),
    WordList("nltk_stopwords", "list", "nltk corpus stopwords", "see corpus", "nltk_stopwords"),
    WordList(
        "brown", "corpus", "nltk corpus brown (words seen in lowercase)", "see corpus", "brown"
    ),
    WordList("nltk_names", "marker", "nltk corpus names (first names)", "see corpus", "nltk_names"),
    WordList(
        "wordfreq",
        "frequency",
        "wordfreq package, English 'best'",
        "MIT / CC-BY-SA",
        "wordfreq",
        report_tops=(25_000, 50_000, 100_000),
        chart={"color": "#7b5fb8", "lw": 1.0, "ls": "-."},
    ),
    WordList(
        "ldnoobw",
        "marker",
        "https://raw.githubusercontent.com/LDNOOBW/List-of-Dirty-Naughty-Obscene-and-Otherwise-Bad-Words/master/en",
        "CC BY 4.0",
        "offensive",
        url="https://raw.githubusercontent.com/LDNOOBW/List-of-Dirty-Naughty-Obscene-and-Otherwise-Bad-Words/master/en",
    ),
    # Last: it describes the words the others gave (base forms, senses, glosses).
    WordList(
        "wordnet",
        "lexicon",
        "nltk corpus wordnet (Princeton WordNet 3.0)",
        "WordNet 3.0 licence",
        "wordnet",
        evidence=("in WordNet",),  # the word, or its base form (wordnet_words)
    ),
)
TOP_SHADES = {25_000: "#b4a7d6", 50_000: "#7b5fb8", 100_000: "#3f1d7d"}  # wordfreq_topN lines
WORD_FLAGS = tuple(flag for found in WORD_LISTS for flag in found.evidence)
"""Every flag the word lists give a word: a column each of sql/queries/build/word_features.sql."""


def word_list(name: str) -> WordList:
    """Return the registered word list of that name."""
    for found in WORD_LISTS:
        if found.name == name:
            return found
    raise KeyError(f"no word list named {name!r}")


@dataclass(frozen=True)
class ReportedList:
    """A raw list `pipeline report` scores: a list's words, or its N most frequent."""

    name: str
    source: str
    top_rank: int | None = None  # the most frequent N words of the source (wordfreq ranks)
    chart: dict[str, Any] = field(default_factory=dict)


def reported_lists() -> list[ReportedList]:
    """Return the raw lists the report scores, in the order its tables show them."""
    lists = [
        ReportedList(found.name, found.name, None, found.chart)
        for found in WORD_LISTS
        if found.in_report
    ]
    for found in WORD_LISTS:
        for top in found.report_tops:
            chart = {**found.chart, "color": TOP_SHADES.get(top, found.chart.get("color"))}
            lists.append(ReportedList(f"{found.name}_top{top // 1000}k", found.name, top, chart))
    return lists


# --- the parsers of the downloaded lists ---------------------------------------------------------


def read_plain_list(text: str) -> list[str]:
    """Return the entries of a one-word-per-line list (LF or CRLF)."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def read_2of12id(text: str) -> list[str]:
    """Return every entry of the 2of12id JSON (keyed by part of speech)."""
    try:
        by_part_of_speech = json.loads(text)
    except json.JSONDecodeError as error:
        raise UserError(
            f"2of12id is not valid JSON ({error.msg} at line {error.lineno})"
        ) from error
    return [entry for entries in by_part_of_speech.values() for entry in entries]


TEXT_PARSERS = {"lines": read_plain_list, "2of12id": read_2of12id}
"""The parsers of downloaded lists, by reader: text in, raw entries out."""
