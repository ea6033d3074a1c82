"""Letter Boxed's generator as the commands ask it (its hook `generator`): the boards drawn for
`pipeline generate letter-boxed` with the custom list and its Zipf frequencies, made once for
`pipeline bench generate`'s sweep, a board by id as the server makes it, and the generator
judged on the validation year: the board model learned before it tells the NYT's boards of the
year from boards made at random, and 365 boards drawn with that style against the NYT's year (a
classifier's AUC, distribution distances).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from pipeline.bench.figures import Figure
from pipeline.bench.generate import (
    DRAW_SEEDS,
    GENERATED,
    classifier_figures,
    cross_validated_auc,
    total_variation,
)
from pipeline.dates import validation_window
from pipeline.games import LETTER_BOXED
from pipeline.games.generated import Request, gumbel_top
from pipeline.games.letter_boxed import generate
from pipeline.games.letter_boxed import style as learned
from pipeline.games.play import custom_words
from pipeline.model import board_style as bs
from pipeline.model import honeycomb_style as hs
from pipeline.storage import warehouse
from pipeline.storage.named_lists import zipf_lookup
from pipeline.storage.warehouse import Connection
from solvers import letter_boxed as lb


def boards(con: Connection, request: Request) -> list[dict]:
    """Return the boards a request draws from the custom list."""
    return generate.generate(con, custom_words(LETTER_BOXED), zipf_lookup(LETTER_BOXED), request)


def draws(con: Connection) -> Callable[[Request], list[dict]]:
    """Return the generator made once, to be asked for many draws."""
    maker = generate.BoardMaker.of(con, custom_words(LETTER_BOXED), zipf_lookup(LETTER_BOXED), None)
    return maker.records


def last(request: Request) -> dict:
    """Return the board of a request's last place, as `pipeline serve` makes it."""
    words = custom_words(LETTER_BOXED)
    with warehouse.open_warehouse(read_only=True) as con:
        return generate.generate_last(con, words, zipf_lookup(LETTER_BOXED), request)


def figures(con: Connection) -> list[Figure]:
    """Return the Letter Boxed generator's figures on the validation year."""
    _, rows = generate.board_reference(con)
    chain = bs.ChainIndex.of(lb.WordIndex(custom_words(LETTER_BOXED), sorted_and_plain=True))
    start, end = validation_window(rows[-1].date)
    before = [row for row in rows if row.date < start]
    year = [row for row in rows if start <= row.date <= end]
    ages = learned.ages([row.date for row in before], start)
    style, model = learned.fit_boards(
        chain, generate.measured(before), [row.par for row in before], ages, learned.MADE_BOARDS
    )
    made = bs.make_boards(chain, style, GENERATED, np.random.default_rng(3))
    likeness_auc = hs.auc(
        np.r_[model.log_odds(generate.measured(year)), model.log_odds(made)],
        np.r_[np.ones(len(year), bool), np.zeros(len(made), bool)],
    )
    aucs, chosen = drawn_against_the_year(chain, style, model, year)
    rng = np.random.default_rng(8)
    pars = np.array([model.draw_par(board, rng) for board in chosen])
    return [
        Figure("likeness AUC, NYT's year against boards made at random", likeness_auc),
        *classifier_figures(aucs),
        *distances(year, chosen, pars),
    ]  # fmt: skip


def drawn_against_the_year(
    chain: bs.ChainIndex, style: bs.LetterStyle, model: bs.BoardLikeness, year: list[Any]
) -> tuple[list[float], list[bs.MadeBoard]]:
    """Return the AUC of a classifier telling GENERATED boards drawn in the style from the NYT's
    year, a draw per seed of DRAW_SEEDS, and the first draw."""
    year_x = bs.board_features(generate.measured(year))
    y = np.r_[np.ones(len(year)), np.zeros(GENERATED)]
    aucs: list[float] = []
    chosen: list[bs.MadeBoard] = []
    for seed in DRAW_SEEDS:
        pool = bs.make_boards(
            chain, style, GENERATED * generate.POOL_FACTOR, np.random.default_rng(seed)
        )
        picked = gumbel_top(model.log_odds(pool), GENERATED, np.random.default_rng(seed))
        drawn = [pool[i] for i in picked]
        aucs.append(cross_validated_auc(np.vstack([year_x, bs.board_features(drawn)]), y))
        chosen = chosen or drawn
    return aucs, chosen


def distances(year: list[Any], chosen: list[bs.MadeBoard], pars: np.ndarray) -> list[Figure]:
    """Return the distances of the drawn boards' par, vowels and two-word solutions from the
    NYT's year's."""
    nyt_pars = np.array([row.par or 0 for row in year])
    side_nyt = np.array([sum(bs.side_vowels(tuple(row.sides))) for row in year])
    side_generated = np.array([sum(bs.side_vowels(board.sides)) for board in chosen])
    two_nyt = np.log1p([row.two_word_solutions for row in year])
    two_generated = np.log1p([board.two_word_solutions for board in chosen])
    return [
        Figure("distance: par (total variation)", total_variation(nyt_pars, pars, np.arange(2.5, 7.5))),
        Figure("distance: vowels (total variation)", total_variation(side_nyt, side_generated, np.arange(0, 9))),
        Figure("distance: two-word solutions, log (total variation)", total_variation(two_nyt, two_generated, np.arange(0, 12, 1.0))),
    ]  # fmt: skip
