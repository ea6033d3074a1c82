"""Spelling Bee's puzzle of a day: the stored one, the words a list allows on it (the answers of
letters given, for `pipeline.api.solve`), and what `pipeline today` says of it (counts, rank
thresholds, hint grid, the words if revealed)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from pipeline.games.hooks import ClueSource, DayClues, StoredDay, comparison_lines
from pipeline.games.spelling_bee.records import BeeRecord
from pipeline.render.text import plural
from solvers import spelling_bee_scoring as scoring
from solvers.spelling_bee import Puzzle, make_puzzle


def stored_record(row: Any) -> BeeRecord:
    """Return the puzzle of a stored day (a row of the today/days query)."""
    answers, pangrams = tuple(row.answers), tuple(row.pangrams)
    return BeeRecord(row.date, row.center, row.others, answers, pangrams, "warehouse")


def answers(letters: str | Sequence[str], words: list[str]) -> list[str]:
    """Return the answers of the puzzle of `letters` (center first, as `pipeline solve` takes
    them) in a list, longest first, then alphabetically (`pipeline.api.solve`)."""
    from pipeline.games.spelling_bee.typed import puzzle_from_letters

    puzzle = puzzle_from_letters(letters)
    found = scoring.ScoredSubsetSolver(words).solve_scored(puzzle).words
    return sorted(found, key=lambda word: (-len(word), word))


def words_for(words: Iterable[str], record: BeeRecord) -> list[str]:
    """Return the words of a list that a puzzle allows."""
    puzzle = make_puzzle(record.center, record.others)
    return scoring.ScoredSubsetSolver(list(words)).solve_scored(puzzle).words


class ScoredDay(NamedTuple):
    """A stored day's puzzle with the words that count (the official answers when known, else
    the custom dictionary's) and the custom dictionary's expectation, each scored."""

    puzzle: Puzzle
    answers: tuple[str, ...]  # the official answers (none when not known)
    counted: scoring.ScoredAnswers
    expected: scoring.ScoredAnswers


def scored_day(day: StoredDay) -> ScoredDay:
    """Return a stored day's puzzle with its counted and expected words scored (what both
    `today` outputs read)."""
    record = day.record
    assert isinstance(record, BeeRecord)
    puzzle = make_puzzle(record.center, record.others)
    counted = scoring.score_answers(list(record.answers) or day.expected, puzzle)
    expected = scoring.score_answers(day.expected, puzzle)
    return ScoredDay(puzzle, tuple(record.answers), counted, expected)


def day_lines(day: StoredDay, reveal: bool) -> list[str]:
    """Return the letters, the counts and rank thresholds, the hint grid and two-letter list of
    the words that count (the official answers when known, else the custom dictionary's), the
    custom dictionary's expectation, and the words if revealed."""
    puzzle, answers, counted, expected = scored_day(day)
    official = bool(answers)
    ranks = dict(scoring.rank_thresholds(counted.total))
    whose = (
        "The custom dictionary expects"
        if not official
        else "The NYT's official answers"
        if day.stored
        else "The NYT's answers on today's page"
    )
    lines = [
        f"Letters: center {puzzle.center.upper()}, others {' '.join(puzzle.others.upper())}",
        f"{whose}: {plural(len(counted.words), 'word')}, {plural(counted.total, 'point')}, "
        f"{plural(len(counted.pangrams), 'pangram')}; Genius at {ranks['Genius']}, "
        f"Queen Bee at {ranks['Queen Bee']}.",
        "",
        scoring.format_hint_grid(scoring.hint_grid(counted.words)),
        "",
        "Two letter list:",
        "  ".join(f"{start.upper()}-{n}" for start, n in scoring.two_letter_list(counted.words)),
        "",
        f"The custom dictionary, {day.expected_from}, expects "
        f"{plural(len(expected.words), 'word')}, {plural(expected.total, 'point')}, "
        f"{plural(len(expected.pangrams), 'pangram')}.",
    ]
    if reveal:
        lines += ["", "Pangrams: " + (", ".join(counted.pangrams) or "(none)")]
        others = [word for word in counted.words if word not in counted.pangrams]
        lines += ["Words: " + (", ".join(others) or "(none)")]
        if official and day.stored:  # today's page may still change its answers
            lines += comparison_lines(day.expected, answers, "official answers")
    else:
        lines += ["", "(answers hidden: --reveal shows them)"]
    return lines


def day_record(day: StoredDay, reveal: bool) -> dict:
    """Return what day_lines says as data (`pipeline today --json`): the letters, the counts,
    rank thresholds, hint grid and two-letter list of the words that count, and the custom
    dictionary's expectation; the words only if revealed."""
    puzzle, answers, counted, expected = scored_day(day)
    official = bool(answers)
    described: dict[str, Any] = {
        "center": puzzle.center,
        "others": puzzle.others,
        "counted": "official answers" if official else "custom dictionary",
        "word_count": len(counted.words),
        "points": counted.total,
        "pangram_count": len(counted.pangrams),
        "ranks": dict(scoring.rank_thresholds(counted.total)),
        "hint_grid": scoring.grid_counts(scoring.hint_grid(counted.words)),
        "two_letters": dict(scoring.two_letter_list(counted.words)),
        "expected": {
            "from": day.expected_from,
            "word_count": len(expected.words),
            "points": expected.total,
            "pangram_count": len(expected.pangrams),
        },
    }
    if reveal:
        described["words"] = list(counted.words)
        described["pangrams"] = list(counted.pangrams)
        described["expected"]["words"] = list(expected.words)
    return described


def day_clues(day: StoredDay, clues_of: ClueSource) -> DayClues:
    """Return the clues of the words that count (those `today` counts), as the page offers them:
    each word that has one, by its first letters, then length."""
    from pipeline.games.spelling_bee.play import ordered_clues

    words = list(scored_day(day).counted.words)
    shown = [found for _, found in ordered_clues(clues_of(words))]
    return DayClues(
        f"Clues to {len(shown):,} of the {plural(len(words), 'word')} (by first letters, then "
        "length; WordNet has none for the others)",
        shown,
    )
