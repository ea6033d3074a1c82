"""Letter Boxed's archive: the box rules a record must keep, its source-day row, the verdicts
of every past board (the solver's playability test against each day's NYT list), the words some
list left out once, and on which days an NYT list had a word (explain)."""

from __future__ import annotations

import datetime as dt
import os
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from pipeline.games import LETTER_BOXED
from pipeline.games.hooks import some_words
from pipeline.games.letter_boxed.records import BoxRecord
from pipeline.storage import warehouse
from solvers import letter_boxed as lb
from solvers.letter_boxed import Board, is_playable, unplayable_reason
from solvers.masks import is_plain_word

if TYPE_CHECKING:
    import numpy as np

    from pipeline.model.evidence import Verdicts
    from pipeline.storage.reader import Reader
    from pipeline.storage.warehouse import Connection

# --- scrape: the puzzle rules and the source-day rows ------------------------------------------


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
    if len(sides) != lb.SIDE_COUNT:
        problems.append(f"expected {lb.SIDE_COUNT} sides, got {len(sides)}")
    problems += [
        f"side {side!r} does not have {lb.SIDE_LENGTH} letters"
        for side in sides
        if len(side) != lb.SIDE_LENGTH
    ]
    letters = "".join(sides)
    if not is_plain_word(letters):
        problems.append(f"box letters {letters!r} are not all a-z")
    if len(letters) != lb.BOX_SIZE or len(set(letters)) != lb.BOX_SIZE:
        problems.append(f"box letters {letters!r} are not {lb.BOX_SIZE} distinct letters")
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
    if lb.all_playable(board, rec.dictionary or ()):  # one scan; word by word only to name them
        return []
    unplayable = [word for word in rec.dictionary or () if not is_playable(board, word)]
    offending = [f"{word} ({unplayable_reason(board, word)})" for word in unplayable]
    return [f"dictionary words that break the rules: {some_words(offending)}"] if offending else []


def box_row(record: BoxRecord, url: str) -> dict:
    """Return a source-day row of the Letter Boxed staging table."""
    return {
        "date": record.date,
        "source": record.source,
        "sides": list(record.sides),
        "nyt_solution": list(record.nyt_solution),
        "par": record.par,
        "nyt_id": record.nyt_id,
        "dictionary": list(record.dictionary) if record.dictionary is not None else None,
        "yesterdays_sides": list(record.yesterdays_sides) if record.yesterdays_sides else None,
        "yesterdays_solution": list(record.yesterdays_solution)
        if record.yesterdays_solution
        else None,
        "url": url,
    }


# --- build: the verdicts ---------------------------------------------------------------------------


def letter_boxed_verdicts(con: Connection, as_of: dt.date, universe: list[str]) -> Verdicts:
    """Return the verdicts on the words each past box allowed: the solver's own playability test
    (solvers.letter_boxed.WordIndex) over the universe, box by box, against that day's NYT list."""
    import numpy as np

    from pipeline.model.evidence import Verdicts

    index = lb.WordIndex(universe, sorted_and_plain=True)  # the universe SQL sorts plain words
    if index.words != universe:
        raise RuntimeError("the universe is not sorted and plain: word ids would not match")
    boxes = warehouse.run(con, "build/letter_boxed_boxes", {"as_of": as_of}).fetchall()
    playable = playable_by_board(index, [lb.parse_board(sides) for _, sides in boxes])
    day = np.concatenate(
        [
            np.full(len(found), day, dtype=np.int32)
            for (day, _), found in zip(boxes, playable, strict=True)
        ]
        or [np.zeros(0, np.int32)]
    )
    word_id = np.concatenate(playable or [np.zeros(0, np.int64)]).astype(np.int32)
    listed = warehouse.run(con, "build/letter_boxed_listed", {"as_of": as_of}).fetchnumpy()
    return Verdicts(day, word_id, pairs_in(day, word_id, listed["day"], listed["word_id"]))


BOARD_BATCH = 16  # boards searched at once: some 300,000 candidate words, about 25 MB


def playable_by_board(index: lb.WordIndex, boards: list[Board]) -> list[np.ndarray]:
    """Return each board's playable words (positions in the index, ascending), batches of boards
    searched at once by as many threads as cores (numpy lets go of the GIL)."""
    batches = [boards[at : at + BOARD_BATCH] for at in range(0, len(boards), BOARD_BATCH)]
    with ThreadPoolExecutor(max_workers=os.cpu_count()) as pool:
        return [found for batch in pool.map(index.playable_on_boards, batches) for found in batch]


def pairs_in(
    day: np.ndarray, word_id: np.ndarray, on_day: np.ndarray, on_word: np.ndarray
) -> np.ndarray:
    """Return, per (day, word id) pair (sorted), whether it is one of the (on_day, on_word) pairs."""
    import numpy as np

    keys = day.astype(np.int64) << 32 | word_id
    wanted = np.asarray(on_day).astype(np.int64) << 32 | np.asarray(on_word)
    found = np.zeros(len(keys), dtype=bool)
    if len(keys):
        at = np.searchsorted(keys, wanted).clip(max=len(keys) - 1)
        found[at[keys[at] == wanted]] = True
    return found


# --- scrape: which words entered or left the NYT's lists ----------------------------------------


def judge_listed_words(con: Connection) -> None:
    """Prepare what verdict_changes reads: every board where a word of some day's NYT list is
    playable, whether that day's list holds it, for the words some list left out once."""
    import numpy as np

    words = [word for (word,) in warehouse.run(con, "scrape/letter_boxed_listed_words").fetchall()]
    index = lb.WordIndex(words)
    sorted_words = np.array(words, dtype=object)
    listed_on = {
        date: np.searchsorted(sorted_words, np.array(day_words, dtype=object))
        for date, day_words in warehouse.run(con, "scrape/letter_boxed_listed_by_day").fetchall()
    }
    boards = warehouse.run(con, "scrape/letter_boxed_boards").fetchall()
    playable = playable_by_board(index, [lb.parse_board(sides) for _, sides in boards])
    nothing = np.zeros(0, np.int64)
    listed = [listed_on.get(date, nothing) for date, _ in boards]
    left_out = [np.setdiff1d(found, day) for found, day in zip(playable, listed, strict=True)]
    changed = np.unique(np.concatenate(left_out or [nothing]))
    rows: dict[str, list] = {"date": [], "word": [], "accepted": []}
    for (date, _), found, day in zip(boards, playable, listed, strict=True):
        judged = found[np.isin(found, changed)]
        rows["date"] += [date] * len(judged)
        rows["word"] += [words[word_id] for word_id in judged.tolist()]
        rows["accepted"] += np.isin(judged, day).tolist()
    warehouse.hand_over(con, "judged_rows", rows)
    warehouse.run(con, "scrape/letter_boxed_judged")
    warehouse.release(con, "judged_rows")


# --- explain ---------------------------------------------------------------------------------------


def listed(reader: Reader, word: str) -> dict:
    """Return on how many days an NYT Letter Boxed list had the word, the first and the last."""
    lists = reader.query("explain/letter_boxed_lists", {"word": word}).records()
    if not lists:
        return {"nyt_letter_boxed_lists": {"days": 0, "first": None, "last": None}}
    found = lists[0]
    return {
        "nyt_letter_boxed_lists": {
            "days": found.days,
            "first": str(found.first_listed),
            "last": str(found.last_listed),
        }
    }


def listed_lines(found: dict) -> list[str]:
    """Return the line saying on how many days an NYT Letter Boxed list had the word."""
    lists = found["nyt_letter_boxed_lists"]
    if not lists["days"]:
        return [f"NYT {LETTER_BOXED.title} lists: never listed"]
    return [
        f"NYT {LETTER_BOXED.title} lists: {lists['days']:,} days, first {lists['first']}, "
        f"last {lists['last']}"
    ]
