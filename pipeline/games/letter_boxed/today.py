"""Letter Boxed's board of a day: the stored one, the words a list allows on it (the best
solution of sides given, for `pipeline.api.solve`), and what `pipeline today` says of it (sides,
par, the fewest words, the solutions if revealed)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pipeline.games import LETTER_BOXED
from pipeline.games.hooks import ClueSource, DayClues, StoredDay, comparison_lines
from pipeline.games.letter_boxed.records import BoxRecord
from pipeline.render.text import plural
from pipeline.storage import named_lists
from solvers import letter_boxed as lb


def stored_record(row: Any) -> BoxRecord:
    """Return the board of a stored day (a row of the today/days query)."""
    words = tuple(row.dictionary) if row.dictionary is not None else None
    return BoxRecord(
        row.date, tuple(row.sides), tuple(row.nyt_solution), row.par, None, words, None, None,
        "warehouse",
    )  # fmt: skip


def best_solution(sides: str | Sequence[str], words: list[str]) -> list[str] | None:
    """Return the best solution of a board given as `pipeline solve` takes it (fewest words,
    then letters, then the commonest rarest word by the custom list's Zipf frequencies), or None
    (`pipeline.api.solve`)."""
    from pipeline.games.letter_boxed.typed import board_from_sides

    board = board_from_sides(sides)
    best = lb.solve(
        board, lb.WordIndex(words).playable(board), zipf=named_lists.zipf_lookup(LETTER_BOXED)
    )
    return list(best.words) if best else None


def words_for(words: Iterable[str], record: BoxRecord) -> list[str]:
    """Return the words of a list that a board allows."""
    return lb.WordIndex(list(words)).playable(lb.parse_board(list(record.sides)))


def day_lines(day: StoredDay, reveal: bool) -> list[str]:
    """Return the sides, par and fewest words (and the solutions if revealed)."""
    record = day.record
    assert isinstance(record, BoxRecord)
    known = record.dictionary is not None
    source = (
        "the NYT's word list of the day"
        if known
        else f"the custom dictionary ({day.expected_from})"
    )
    links, best = best_of_the_day(day)
    fewest = (
        f"{plural(len(best), 'word')} ({plural(lb.chain_count(links), 'best solution')})"
        if best
        else f"no solution within {lb.DEFAULT_MAX_WORDS} words"
    )
    lines = [
        "Sides: " + " / ".join(side.upper() for side in record.sides),
        f"Par: {record.par} words" if record.par else "Par: not published",
        f"Fewest words possible with {source}: {fewest}",
        f"The custom dictionary, {day.expected_from}, allows "
        f"{plural(len(day.expected), 'word')} on this board.",
    ]
    if reveal:
        lines += [
            "",
            "Best solution: " + (" - ".join(best) if best else "(none)"),
            "NYT's solution: " + (" - ".join(record.nyt_solution) or "(not published)"),
        ]
        if day.stored and known:
            lines += comparison_lines(day.expected, record.dictionary or (), "NYT word list")
    else:
        lines += ["", "(solutions hidden: --reveal shows them)"]
    return lines


def best_of_the_day(
    day: StoredDay, zipf: Mapping[str, float] | None = None
) -> tuple[Any, tuple[str, ...] | None]:
    """Return the board's solution links and the best solution (lb.best_chain: the one the page
    and `solve` show too), with the NYT's word list of the day when it is known, else the custom
    dictionary's words; `zipf`: the Zipf frequencies beside the custom list (read when None)."""
    record = day.record
    assert isinstance(record, BoxRecord)
    board = lb.parse_board(list(record.sides))
    words = list(record.dictionary) if record.dictionary is not None else day.expected
    links = lb.search_links(board, lb.playable_words(board, words), lb.DEFAULT_MAX_WORDS)
    if not links:
        return links, None
    return links, lb.best_chain(
        links, named_lists.zipf_lookup(LETTER_BOXED) if zipf is None else zipf
    )


def day_record(day: StoredDay, reveal: bool) -> dict:
    """Return what day_lines says as data (`pipeline today --json`): the sides, par, the fewest
    words and how many best solutions, the custom dictionary's word count on the board; the
    solutions only if revealed."""
    record = day.record
    assert isinstance(record, BoxRecord)
    links, best = best_of_the_day(day)
    described: dict[str, Any] = {
        "sides": list(record.sides),
        "par": record.par,
        "counted": "NYT word list" if record.dictionary is not None else "custom dictionary",
        "fewest_words": len(best) if best else None,
        "best_count": lb.chain_count(links) if best else 0,
        "expected": {"from": day.expected_from, "word_count": len(day.expected)},
    }
    if reveal:
        described["solution"] = list(best) if best else None
        described["nyt_solution"] = list(record.nyt_solution) or None
    return described


def day_clues(day: StoredDay, clues_of: ClueSource) -> DayClues:
    """Return a clue to each word of the best solution (`best_of_the_day`, the one `--reveal`
    shows), in its order, as the page offers them."""
    from pipeline.games.play import word_clue

    _, best = best_of_the_day(day)
    words = list(best or ())
    found = clues_of(words)
    return DayClues(
        f"Clues to the {plural(len(words), 'word')} of the best solution, in its order",
        [word_clue(word, found[word]) for word in words],
    )
