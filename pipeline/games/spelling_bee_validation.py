"""Check Spelling Bee records against the puzzle rules: one-line problems, [] when valid."""

from __future__ import annotations

from collections import Counter

from pipeline.games.messages import some_words
from pipeline.sources.records import BeeRecord
from solvers.masks import is_plain_word, letter_mask
from solvers.spelling_bee import MIN_LENGTH


def bee_problems(rec: BeeRecord) -> list[str]:
    """Return what breaks the Spelling Bee rules in a record."""
    problems = _bee_letter_problems(rec)
    if problems:
        return problems  # the word rules mean nothing without seven good letters
    return problems + _bee_answer_problems(rec) + _pangram_problems(rec) + _count_problems(rec)


def _bee_letter_problems(rec: BeeRecord) -> list[str]:
    """Return what is wrong with the center and the six other letters."""
    problems = []
    if not is_plain_word(rec.letters):
        problems.append(f"letters {rec.letters!r} are not all a-z")
    if len(rec.center) != 1:
        problems.append(f"center {rec.center!r} is not one letter")
    elif rec.center in rec.others:
        problems.append(f"center {rec.center!r} is also among the others {rec.others!r}")
    if len(rec.letters) != 7 or len(set(rec.letters)) != 7:
        problems.append(f"letters {rec.letters!r} are not 7 distinct letters")
    return problems


def _bee_answer_problems(rec: BeeRecord) -> list[str]:
    """Return the answers that break a word rule, and the duplicated answers."""
    if not rec.answers:
        return ["the answer list is empty"]
    allowed, center = letter_mask(rec.letters), letter_mask(rec.center)
    plain = [word for word in rec.answers if is_plain_word(word)]
    rules = {
        "are not a-z words": [word for word in rec.answers if not is_plain_word(word)],
        f"are shorter than {MIN_LENGTH} letters": [
            word for word in rec.answers if len(word) < MIN_LENGTH
        ],
        f"lack the center {rec.center!r}": [
            word for word in plain if not letter_mask(word) & center
        ],
        f"use letters outside {rec.letters!r}": [
            word for word in plain if letter_mask(word) & ~allowed
        ],
        "are listed more than once": sorted(
            word for word, count in Counter(rec.answers).items() if count > 1
        ),
    }
    return [f"answers that {rule}: {some_words(words)}" for rule, words in rules.items() if words]


def _pangram_problems(rec: BeeRecord) -> list[str]:
    """Return the pangrams listed but not found among the answers, and the reverse."""
    every_letter = letter_mask(rec.letters)
    found = {w for w in rec.answers if is_plain_word(w) and letter_mask(w) == every_letter}
    listed = set(rec.pangrams)
    problems = ["no answer uses all 7 letters"] if rec.answers and not found else []
    if listed - found:
        unfound = sorted(listed - found)
        problems.append(
            f"pangrams not among the answers using all 7 letters: {some_words(unfound)}"
        )
    if found - listed:
        problems.append(
            f"answers using all 7 letters not listed as pangrams: {some_words(sorted(found - listed))}"
        )
    return problems


def _count_problems(rec: BeeRecord) -> list[str]:
    """Return a mismatch between the answer count the source states and the answers it lists."""
    stated = rec.stated_answer_count
    if stated is None or stated == len(rec.answers):
        return []
    return [f"source states {stated} answers but lists {len(rec.answers)}"]
