"""Generated Letter Boxed boards (`pipeline generate letter-boxed`): boards made afresh from two
words of the custom list that share a letter and use 12 letters (so each has a two-word solution),
in the NYT's letter style, drawn by the stored board model's likeness, with a par as the NYT gives
it."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import numpy as np

from pipeline.errors import UserError
from pipeline.games import LETTER_BOXED
from pipeline.games import style as learned
from pipeline.games.generated import Request, generated_id, gumbel_top
from pipeline.model import board_style as bs
from pipeline.model import honeycomb_style as hs
from pipeline.model.newword import sigmoid
from pipeline.render.text import plural
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection
from solvers import letter_boxed as lb

POOL_FACTOR = 3  # boards made per board drawn
# Boards are drawn in blocks, each from its own random stream (seed, block): the first n boards of
# a draw are the draw of n, so an id (seed, difficulty, place) always means the same board.
BOARDS_PER_BLOCK = 10
SINCE_MADE_BOARDS = 200  # boards made to refit the board model for --since
SECONDS_PER_100 = 5.0  # the target of `pipeline bench generate` for 100 boards


@dataclass(frozen=True)
class BoardReference:
    """The NYT's boards the difficulty of a made board is placed among, and their letter sets."""

    two_word_solutions: np.ndarray  # sorted: the reference window's boards
    nyt_letters: set[frozenset[str]]


def board_reference(con: Connection) -> tuple[BoardReference, list[tuple]]:
    """Return the difficulty reference (the NYT's boards of the archive's last two years) and
    every stored NYT board's row (date, sides, par, words, two_word_solutions)."""
    warehouse.require_tables(con, "letter_boxed_boards", stage_hint="pipeline build")
    rows = warehouse.query(con, "generate/letter_boxed_boards").rows
    start = hs.reference_start(rows[-1][0] + dt.timedelta(days=1))
    window = np.sort([row[4] for row in rows if row[0] >= start] or [row[4] for row in rows])
    letter_sets = {frozenset("".join(row[1])) for row in rows}
    return BoardReference(np.asarray(window), letter_sets), rows


def board_difficulty(reference: BoardReference, two_word_solutions: int) -> float:
    """Return the percentage of the reference boards a board is harder than: boards with more
    two-word solutions are easier (ties count half)."""
    more = len(reference.two_word_solutions) - np.searchsorted(
        reference.two_word_solutions, two_word_solutions, side="right"
    )
    ties = np.count_nonzero(reference.two_word_solutions == two_word_solutions)
    return 100.0 * (more + ties / 2) / len(reference.two_word_solutions)


def since_board_models(
    con: Connection, chain: bs.ChainIndex, rows: list[tuple], since: dt.date
) -> tuple[bs.LetterStyle, bs.BoardLikeness]:
    """Return the letter style and board model of the NYT's boards from `since` on."""
    recent = [row for row in rows if row[0] >= since]
    if len(recent) < 10:
        raise UserError(f"--since {since}: only {len(recent)} NYT boards to learn from")
    boards = [bs.MadeBoard(tuple(r[1]), ("", ""), r[3], r[4], 0) for r in recent]  # type: ignore[arg-type]
    end = rows[-1][0] + dt.timedelta(days=1)
    ages = learned.ages([r[0] for r in recent], end)
    return learned.fit_boards(chain, boards, [r[2] for r in recent], ages, SINCE_MADE_BOARDS)


def generate(con: Connection, words: list[str], request: Request) -> list[dict]:
    """Return the generated Letter Boxed boards' records."""
    reference, rows = board_reference(con)
    chain = bs.ChainIndex.of(lb.WordIndex(words, sorted_and_plain=True))
    if request.since is None:
        style, model = learned.stored_board_models(con, LETTER_BOXED)
    else:
        style, model = since_board_models(con, chain, rows, request.since)
    records: list[dict] = []
    for block in range(-(-request.count // BOARDS_PER_BLOCK)):
        rng = np.random.default_rng([request.seed, block])
        pool = board_pool(chain, style, reference, request, rng)
        log_odds = model.log_odds(pool)
        for i in gumbel_top(log_odds, BOARDS_PER_BLOCK, rng).tolist():
            records.append(
                board_record(
                    request, len(records), pool[i], log_odds[i], model, reference, chain.index, rng
                )
            )
    return records[: request.count]


def board_pool(
    chain: bs.ChainIndex,
    style: bs.LetterStyle,
    reference: BoardReference,
    request: Request,
    rng: np.random.Generator,
) -> list[bs.MadeBoard]:
    """Return the boards one block of the draw chooses from: made in the NYT's letter style, new
    (unless allowed) and of the difficulty asked for."""
    pool: list[bs.MadeBoard] = []
    wanted = BOARDS_PER_BLOCK * POOL_FACTOR
    while len(pool) < wanted:
        kept = [
            board
            for board in bs.make_boards(chain, style, wanted - len(pool), rng)
            if (request.allow_nyt or frozenset("".join(board.sides)) not in reference.nyt_letters)
            and request.difficulty.holds(board_difficulty(reference, board.two_word_solutions))
        ]
        if not kept:
            raise UserError(
                f"the custom {LETTER_BOXED.name} list makes too few new boards of this "
                f"difficulty ({len(pool)} of the {wanted} drawn from): it needs more pairs of words "
                "that use 12 letters"
            )
        pool += kept
    return pool


def board_record(
    request: Request,
    place: int,
    board: bs.MadeBoard,
    log_odds: float,
    model: bs.BoardLikeness,
    reference: BoardReference,
    index: lb.WordIndex,
    rng: np.random.Generator,
) -> dict:
    """Return one generated board in `pipeline export letter-boxed`'s key names."""
    solution = lb.solve(board.board, index.playable(board.board))
    assert solution is not None  # a made board has a two-word solution by construction
    return {
        "id": generated_id(request, place),
        "sides": list(board.sides),
        "solution": list(solution.words),
        "par": model.draw_par(board, rng),
        "likeness": round(float(sigmoid(np.array([log_odds]))[0]), 4),
        "difficulty": {
            "percentile": round(board_difficulty(reference, board.two_word_solutions), 1),
            "word_count": board.words,
            "two_word_solutions": board.two_word_solutions,
        },
    }


def format_records(records: list[dict]) -> str:
    """Return generated Letter Boxed boards as text (their solutions left out)."""
    return "\n".join(
        f"{record['id']}: {' / '.join(side.upper() for side in record['sides'])}  "
        f"par {record['par']}, difficulty {record['difficulty']['percentile']:.0f}, "
        f"likeness {record['likeness']:.2f}, "
        f"{plural(record['difficulty']['two_word_solutions'], 'two-word solution')}"
        for record in records
    )
