"""Check Letter Boxed records against the puzzle rules: one-line problems, [] when valid."""

from __future__ import annotations

from pipeline.games.messages import some_words
from pipeline.sources.records import BoxRecord
from solvers.letter_boxed import Board, is_playable, unplayable_reason
from solvers.masks import is_plain_word


def box_problems(rec: BoxRecord) -> list[str]:
    """Return what breaks the Letter Boxed rules in a record."""
    problems = _box_shape_problems(rec.sides)
    if problems:
        return problems  # the word rules mean nothing without a good box
    board = Board(rec.sides)
    return _solution_problems(rec, board) + _dictionary_problems(rec, board)


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


def _solution_problems(rec: BoxRecord, board: Board) -> list[str]:
    """Return what keeps the NYT solution from solving the box."""
    words = rec.nyt_solution
    if not words:
        return ["the NYT solution is empty"]
    problems = []
    for word in words:
        reason = unplayable_reason(board, word)
        if reason:
            problems.append(f"NYT solution word {word!r}: {reason}")
    for previous, word in zip(words, words[1:], strict=False):
        if previous and word and previous[-1] != word[0]:
            problems.append(
                f"NYT solution word {word!r} does not start with the last letter of {previous!r}"
            )
    unused = sorted(set(board.letters) - set("".join(words)))
    if unused:
        problems.append(f"NYT solution leaves letters unused: {''.join(unused)}")
    return problems


def _dictionary_problems(rec: BoxRecord, board: Board) -> list[str]:
    """Return the dictionary words that cannot be played on the box, a few shown."""
    unplayable = [word for word in rec.dictionary or () if not is_playable(board, word)]
    offending = [f"{word} ({unplayable_reason(board, word)})" for word in unplayable]
    return [f"dictionary words that break the rules: {some_words(offending)}"] if offending else []
