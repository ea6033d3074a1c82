"""Check parsed records against the puzzle rules: each check returns one-line problems, [] if valid."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pipeline.sources.records import BeeRecord, BoxRecord, Word
from solvers.masks import is_plain_word, letter_mask

SHOWN_WORDS = 5
BEE_MIN_LENGTH = 4
BOX_MIN_LENGTH = 3


def _some_words(words: Iterable[Word], shown: int = SHOWN_WORDS) -> str:
    """Return 'N: a, b, c, ...' naming the first few words of a list."""
    words = list(words)
    more = ", ..." if len(words) > shown else ""
    return f"{len(words)}: {', '.join(words[:shown])}{more}"


# ---------------------------------------------------------------------------------------------
# Spelling Bee


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
        f"are shorter than {BEE_MIN_LENGTH} letters": [
            word for word in rec.answers if len(word) < BEE_MIN_LENGTH
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
    return [f"answers that {rule}: {_some_words(words)}" for rule, words in rules.items() if words]


def _pangram_problems(rec: BeeRecord) -> list[str]:
    """Return the pangrams listed but not found among the answers, and the reverse."""
    every_letter = letter_mask(rec.letters)
    found = {w for w in rec.answers if is_plain_word(w) and letter_mask(w) == every_letter}
    listed = set(rec.pangrams)
    problems = ["no answer uses all 7 letters"] if rec.answers and not found else []
    if listed - found:
        unfound = sorted(listed - found)
        problems.append(
            f"pangrams not among the answers using all 7 letters: {_some_words(unfound)}"
        )
    if found - listed:
        problems.append(
            f"answers using all 7 letters not listed as pangrams: {_some_words(sorted(found - listed))}"
        )
    return problems


def _count_problems(rec: BeeRecord) -> list[str]:
    """Return a mismatch between the answer count the source states and the answers it lists."""
    stated = rec.stated_answer_count
    if stated is None or stated == len(rec.answers):
        return []
    return [f"source states {stated} answers but lists {len(rec.answers)}"]


# ---------------------------------------------------------------------------------------------
# Letter Boxed


def box_problems(rec: BoxRecord) -> list[str]:
    """Return what breaks the Letter Boxed rules in a record."""
    problems = _box_shape_problems(rec.sides)
    if problems:
        return problems  # the word rules mean nothing without a good box
    return _solution_problems(rec) + _dictionary_problems(rec)


def box_word_problem(word: Word, sides: tuple[str, ...]) -> str | None:
    """Return why one word cannot be played on a (well-formed) box, or None when it can."""
    return _word_problem(word, _side_of(sides))


def _side_of(sides: tuple[str, ...]) -> dict[str, int]:
    """Return the index of the side each letter is on."""
    return {letter: index for index, side in enumerate(sides) for letter in side}


def _word_problem(word: Word, side_of: dict[str, int]) -> str | None:
    """Return why a word cannot be played on the box `side_of` describes, or None."""
    if not is_plain_word(word):
        return "not a-z"
    if len(word) < BOX_MIN_LENGTH:
        return f"shorter than {BOX_MIN_LENGTH} letters"
    outside = sorted(set(word) - side_of.keys())
    if outside:
        return f"uses {''.join(outside)!r}, not on the box"
    for previous, letter in zip(word, word[1:], strict=False):
        if side_of[previous] == side_of[letter]:
            return f"{previous + letter!r} are on one side"
    return None


def _box_shape_problems(sides: tuple[str, ...]) -> list[str]:
    """Return what is wrong with the four sides of three letters."""
    problems = []
    if len(sides) != 4:
        problems.append(f"expected 4 sides, got {len(sides)}")
    problems += [f"side {side!r} does not have 3 letters" for side in sides if len(side) != 3]
    letters = "".join(sides)
    if not is_plain_word(letters):
        problems.append(f"box letters {letters!r} are not all a-z")
    if len(letters) != 12 or len(set(letters)) != 12:
        problems.append(f"box letters {letters!r} are not 12 distinct letters")
    return problems


def _solution_problems(rec: BoxRecord) -> list[str]:
    """Return what keeps the NYT solution from solving the box."""
    words = rec.nyt_solution
    if not words:
        return ["the NYT solution is empty"]
    problems = []
    for word in words:
        reason = box_word_problem(word, rec.sides)
        if reason:
            problems.append(f"NYT solution word {word!r}: {reason}")
    for previous, word in zip(words, words[1:], strict=False):
        if previous and word and previous[-1] != word[0]:
            problems.append(
                f"NYT solution word {word!r} does not start with the last letter of {previous!r}"
            )
    unused = sorted(set("".join(rec.sides)) - set("".join(words)))
    if unused:
        problems.append(f"NYT solution leaves letters unused: {''.join(unused)}")
    return problems


def _dictionary_problems(rec: BoxRecord) -> list[str]:
    """Return the dictionary words that cannot be played on the box, a few shown."""
    side_of = _side_of(rec.sides)
    reasons = [(word, _word_problem(word, side_of)) for word in rec.dictionary or ()]
    offending = [f"{word} ({reason})" for word, reason in reasons if reason]
    return [f"dictionary words that break the rules: {_some_words(offending)}"] if offending else []
