"""The clue sweep's judges, independent of pipeline/model/clues.py: does a clue show another form of
its own answer, and does it say nothing once blanked? And the sweep itself: the report year's
archived clues of a game, counted by fault.

A clue shows its answer (`shown_form`) when a word of its text or example is the answer, a form
WordNet's morphy (its rules and exception lists) or a regular ending leads back to a base the
answer also leads back to (`fled` for FLEE, `dim` for DIMMED, `gave` for GIVE), a regular form of
such a base (`dims`), a word holding the answer, or a word sharing its first five letters. The
bases are nltk's reader's own: `_morphy` in every part of speech, and the lemmas left by taking a
regular ending off (`wryly`: wry), never the pipeline's tables.

A clue says nothing once blanked (`says_nothing`) when, its form's name left out ("past tense:"),
it holds a blank and no word that is neither a stop word (nltk's English list) nor one of FRAME,
the words glosses frame a blank with ("the act of ___ something", "relating to or located near
a ___"): a list written here by hand, not the pipeline's learned one.

    .venv/bin/python -m tests.clue_faults    # the report year's figures of the warehouse
"""

from __future__ import annotations

import datetime as dt
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

REPORT_YEAR = (dt.date(2024, 8, 10), dt.date(2025, 8, 9))  # the archive's last 12 months
WORD = re.compile(r"[A-Za-z]+")
BLANK = "___"
FORM_NAMES = (
    "plural",
    "past tense",
    "-ing form",
    "third person singular",
    "past participle",
    "comparative",
    "superlative",
)
# suffix -> what it may have replaced at the end of its base ("" kept, "e" dropped, "y" made i)
SUFFIXES = {
    "s": ("",),
    "es": ("", "e"),
    "ies": ("y",),
    "d": ("",),
    "ed": ("", "e"),
    "ied": ("y",),
    "ing": ("", "e"),
    "er": ("", "e"),
    "ier": ("y",),
    "est": ("", "e"),
    "iest": ("y",),
    "ly": ("", "le"),
    "ily": ("y",),
    "ness": ("",),
    "y": ("",),
}
FRAME = frozenset([
    "relating", "related", "relate", "pertaining", "located", "near", "characterized",
    "characteristic", "act", "process", "state", "quality", "condition", "something", "someone",
    "somebody", "thing", "things", "manner", "way", "used", "using", "use", "having", "made",
    "make", "makes", "cause", "become", "being", "kind", "sort", "type", "specified",
    "resembling", "like", "abounding", "covered", "containing", "full", "involving", "one",
    "person", "capable", "fit", "form", "part", "especially", "often", "usually"
])  # fmt: skip


@dataclass(frozen=True)
class Judge:
    """The judges, with nltk's WordNet reader and English stop words."""

    reader: Any
    stop_words: frozenset[str]

    @classmethod
    def of_nltk(cls) -> Judge:
        """Return the judges with the corpora nltk finds (NLTK_DATA)."""
        from nltk.corpus import stopwords, wordnet

        return cls(wordnet, frozenset(stopwords.words("english")))

    def bases(self, word: str) -> frozenset[str]:
        """Return the word and the bases it leads back to: morphy's in every part of speech,
        and the lemmas left by taking a regular ending off (a doubled consonant undone)."""
        return bases_of(self, word)

    def regular_forms(self, base: str) -> set[str]:
        """Return the regular forms of a base: each suffix added, as English spells it."""
        forms = set()
        for suffix, replaced in SUFFIXES.items():
            for end in replaced:
                if base.endswith(end):
                    forms.add(base[: len(base) - len(end)] + suffix)
            if suffix[0] in "aeiy" and re.search(r"[^aeiou][aeiou][^aeiouwxy]$", base):
                forms.add(base + base[-1] + suffix)  # pot: potted, potting
        return forms

    def shown_form(self, answer: str, token: str) -> str | None:
        """Return how a clue's word shows its answer (None: it does not)."""
        token = token.lower()
        answer_bases = self.bases(answer)
        if token in answer_bases:
            return "a base"
        if answer_bases & self.bases(token):
            return "a form of a base"
        if any(token in self.regular_forms(base) for base in answer_bases):
            return "a regular form of a base"
        if answer in token:
            return "holds the answer"
        if len(answer) >= 5 and token[:5] == answer[:5]:
            return "its first five letters"
        return None

    def shown_forms(self, answer: str, texts: list[str]) -> list[tuple[str, str]]:
        """Return each word of the texts that shows the answer, with how."""
        found = []
        for text in texts:
            for token in WORD.findall(text):
                how = self.shown_form(answer, token)
                if how:
                    found.append((token, how))
        return found

    def says_nothing(self, text: str) -> bool:
        """Return True when a clue's text, its form's name left out, holds a blank and no word
        that is neither a stop word nor a frame word."""
        head, _, rest = text.partition(": ")
        text = rest if head in FORM_NAMES and rest else text
        words = {token.lower() for token in WORD.findall(text)}
        return BLANK in text and not words - self.stop_words - FRAME


@cache
def bases_of(judge: Judge, word: str) -> frozenset[str]:
    """Return `judge.bases(word)`, worked out once."""
    reader = judge.reader
    found = {word}
    for pos in "nvar":
        found.update(reader._morphy(word, pos))
    for suffix, replaced in SUFFIXES.items():
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            stem = word[: -len(suffix)]
            found.update(stem + end for end in replaced)
            if len(stem) > 3 and stem[-1] == stem[-2]:
                found.add(stem[:-1])
    return frozenset(base for base in found if base == word or base in reader._lemma_pos_offset_map)


@dataclass
class Figures:
    """A game's report-year sweep: how many answers, how many have a clue, and the clues that
    show a form of their answer or say nothing once blanked (word, clue text, example)."""

    answers: int = 0
    clued: int = 0
    showing: list[tuple[str, str, str | None, list]] = field(default_factory=list)
    saying_nothing: list[tuple[str, str]] = field(default_factory=list)

    def lines(self) -> Iterator[str]:
        """Yield the figures as text."""
        clued = max(self.clued, 1)
        yield f"  answers {self.answers:,}, with a clue {self.clued:,} ({self.coverage:.2%})"
        yield (
            f"  showing a form of their answer: {len(self.showing)} "
            f"({len(self.showing) / clued:.2%} of the clues)"
        )
        yield (
            f"  saying nothing once blanked: {len(self.saying_nothing)} "
            f"({len(self.saying_nothing) / clued:.2%} of the clues)"
        )

    @property
    def coverage(self) -> float:
        """Return the share of the answers that have a clue."""
        return self.clued / self.answers


def sweep(judge: Judge, clues_by_date: dict, first: dt.date, last: dt.date) -> Figures:
    """Return the figures of the archived clues (`archive_clues`) from `first` to `last`."""
    figures = Figures()
    for date, day in clues_by_date.items():
        if not first <= date <= last:
            continue
        for answer, found in day.items():
            figures.answers += 1
            if found is None:
                continue
            figures.clued += 1
            shown = judge.shown_forms(answer, [found.text, found.example or ""])
            if shown:
                figures.showing.append((answer, found.text, found.example, shown))
            if judge.says_nothing(found.text):
                figures.saying_nothing.append((answer, found.text))
    return figures


def main() -> None:
    """Print the report year's figures of the warehouse's archived clues, game by game."""
    from pipeline.games import GAMES
    from pipeline.stages.clues import archive_clues
    from pipeline.storage import warehouse

    judge = Judge.of_nltk()
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else None
    with warehouse.open_warehouse(path, read_only=True) as con:
        for game in GAMES:
            figures = sweep(judge, archive_clues(con, game), *REPORT_YEAR)
            print(f"{game.name}, {REPORT_YEAR[0]} .. {REPORT_YEAR[1]}:")
            for line in figures.lines():
                print(line)
            for answer, text, example, shown in figures.showing:
                print(f"    shows: {answer}: {text!r} / {example!r}: {shown}")
            for answer, text in figures.saying_nothing:
                print(f"    says nothing: {answer}: {text!r}")


if __name__ == "__main__":
    main()
