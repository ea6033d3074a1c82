"""Letter Boxed's style (its hooks `style_inputs`, `fit_style` and `store_style`): the NYT's
boards measured on the custom list (letter_boxed_boards), the style's distributions
(nyt_style) and the board model fitted on boards made from the list (style_models), learned
from the whole archive. The fit is pure, so that the build may run it in a second process
(pipeline/stages/beside.py).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np

from pipeline.games.game import Game
from pipeline.games.style import (
    shares,
    store_models,
    store_nyt_style,
    stored_model,
    zones,
)
from pipeline.model import board_style as bs
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection
from solvers import letter_boxed as lb

MADE_BOARDS = 400  # boards made from the list that the board model tells the NYT's apart from
SOLUTION_ZONES = (1, 3, 10, 30, 100, 300)


def measured_boards(
    chain: bs.ChainIndex, puzzles: list[tuple[dt.date, list[str], int | None]]
) -> tuple[list[dt.date], list[bs.MadeBoard], list[int | None]]:
    """Return the NYT's boards (dates, figures on the list, pars), by date."""
    sides = [cast(bs.Sides, tuple(sides)) for _, sides, _ in puzzles]
    boards = bs.measured_boards(chain, sides)
    return [date for date, _, _ in puzzles], boards, [par for _, _, par in puzzles]


def ages(dates: Sequence[dt.date], end: dt.date) -> np.ndarray:
    """Return each date's days before `end`."""
    return np.array([(end - date).days for date in dates], dtype=np.float64)


def fit_boards(
    chain: bs.ChainIndex,
    boards: list[bs.MadeBoard],
    pars: list[int | None],
    board_ages: np.ndarray,
    made_count: int,
) -> tuple[bs.LetterStyle, bs.BoardLikeness]:
    """Return the letter style of the NYT's boards and the board model fitted against boards
    made from the list in that style."""
    style = bs.letter_style([board.sides for board in boards], board_ages)
    made = bs.make_boards(chain, style, made_count, np.random.default_rng(0))
    known = [par or 0 for par in pars]
    return style, bs.fit_board_likeness(boards, known, board_ages, made)


@dataclass(frozen=True)
class BoardInputs:
    """What the Letter Boxed style reads: the custom list and the NYT's boards (date, sides, par)."""

    words: list[str]
    puzzles: list[tuple[dt.date, list[str], int | None]]


@dataclass(frozen=True)
class BoardStyle:
    """The Letter Boxed style learned: the NYT's boards measured on the custom list, with their
    likeness; the letter style and the board model."""

    dates: list[dt.date]
    boards: list[bs.MadeBoard]
    pars: list[int | None]
    likeness: np.ndarray
    letters: bs.LetterStyle
    model: bs.BoardLikeness


def letter_boxed_inputs(con: Connection, game: Game, words: list[str]) -> BoardInputs:
    """Return what the Letter Boxed style reads: the custom list and the NYT's boards."""
    return BoardInputs(words, warehouse.query(con, "style/letter_boxed_puzzles").rows)


def fit_letter_boxed_style(inputs: BoardInputs) -> BoardStyle:
    """Measure the NYT's boards on the custom list and fit the board model (pure: the build may
    run it in a second process)."""
    chain = bs.ChainIndex.of(lb.WordIndex(inputs.words, sorted_and_plain=True))
    dates, boards, pars = measured_boards(chain, inputs.puzzles)
    end = dates[-1] + dt.timedelta(days=1)
    letters, model = fit_boards(chain, boards, pars, ages(dates, end), MADE_BOARDS)
    return BoardStyle(dates, boards, pars, model.likeness(boards), letters, model)


def store_letter_boxed_style(con: Connection, game: Game, style: BoardStyle) -> None:
    """Store the boards, the style's distributions and the models."""
    store_boards(con, style.dates, style.boards, style.pars, style.likeness)
    store_nyt_style(con, game, board_style_rows(style.boards, style.pars))
    store_models(con, game, style.dates[-1], board_models(style.letters, style.model))


def board_models(
    style: bs.LetterStyle, model: bs.BoardLikeness
) -> dict[str, tuple[Sequence[str], np.ndarray]]:
    """Return the board models as named terms."""
    return {
        "likeness": (bs.feature_names(), model.coefficients),
        "letter_shares": ([chr(97 + i) for i in range(26)], style.letter_shares),
        "vowel_counts": ([str(n) for n in range(lb.BOX_SIZE + 1)], style.vowel_counts),
        "par_shares": (
            [f"{low}:{par}" for low in ("0", *map(str, bs.PAR_SOLUTION_BINS)) for par in bs.PARS],
            model.par_shares,
        ),
    }


def stored_board_models(con: Connection, game: Game) -> tuple[bs.LetterStyle, bs.BoardLikeness]:
    """Return the letter style and board model the build stored."""
    style = bs.LetterStyle(
        stored_model(con, game, "letter_shares"), stored_model(con, game, "vowel_counts")
    )
    shares = stored_model(con, game, "par_shares").reshape(
        len(bs.PAR_SOLUTION_BINS) + 1, len(bs.PARS)
    )
    return style, bs.BoardLikeness(stored_model(con, game, "likeness"), shares)


def store_boards(
    con: Connection,
    dates: list[dt.date],
    boards: list[bs.MadeBoard],
    pars: list[int | None],
    likeness: np.ndarray,
) -> None:
    """Write letter_boxed_boards."""
    columns: dict[str, Sequence | np.ndarray] = {
        "date": dates,
        "sides": [list(board.sides) for board in boards],
        "par": pars,
        "words": [board.words for board in boards],
        "one_word_solutions": [board.one_word_solutions for board in boards],
        "two_word_solutions": [board.two_word_solutions for board in boards],
        "likeness": likeness.astype(np.float64),
    }
    warehouse.hand_over(con, "board_rows", columns)
    warehouse.build(con, "build/letter_boxed_boards")
    warehouse.release(con, "board_rows")


def board_style_rows(boards: list[bs.MadeBoard], pars: list[int | None]) -> list[tuple]:
    """Return the Letter Boxed style's rows (as honeycomb_style_rows)."""
    rows: list[tuple] = []
    letters = ["".join(board.sides) for board in boards]
    for i in range(26):
        letter = chr(97 + i)
        rows += shares("letter", letter, i, np.array([letter in b for b in letters]), None)
    vowels = np.array([sum(bs.side_vowels(board.sides)) for board in boards])
    for count in range(1, 7):
        rows += shares("vowels", str(count), count, vowels == count, None)
    patterns = ["-".join(map(str, bs.side_vowels(board.sides))) for board in boards]
    for position, pattern in enumerate(sorted(set(patterns))):
        rows += shares("vowels_per_side", pattern, position, np.array(patterns) == pattern, None)
    known = np.array([par or 0 for par in pars])
    for par in sorted(set(known.tolist()) - {0}):
        rows += shares("par", str(par), par, known == par, None)
    two = np.array([board.two_word_solutions for board in boards])
    rows += zones("two_word_solutions", SOLUTION_ZONES, two, None)
    return rows
