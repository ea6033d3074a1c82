"""Generated Letter Boxed boards (`pipeline generate letter-boxed`): boards made afresh from two
words of the custom list that share a letter and use 12 letters (so each has a two-word solution),
in the NYT's letter style, drawn by the stored board model's likeness, with a par as the NYT gives
it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pipeline.errors import UserError
from pipeline.games import LETTER_BOXED
from pipeline.games.generated import Request, generated_id, gumbel_top
from pipeline.games.letter_boxed import style as learned
from pipeline.model import board_style as bs
from pipeline.model import honeycomb_style as hs
from pipeline.model.difficulty import Difficulty
from pipeline.model.newword import sigmoid
from pipeline.render.text import plural
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection
from solvers import letter_boxed as lb

POOL_FACTOR = 3  # boards drawn from per board drawn
# Boards are drawn in blocks, each from its own random streams (seed, block): the first n boards
# of a draw are the draw of n, so an id (seed, difficulty, place) always means the same board, and
# the board of a place is made without the blocks before it.
BOARDS_PER_BLOCK = 10
# A block's boards are made in rounds (seed, block, round) of ROUND_BOXES sets of letters until
# POOL_FACTOR boards per board of the block are of the difficulty asked for (and new): the rounds
# do not depend on the difficulty, so a pool is the first boards of the difficulty in one stream.
# A list that has not made BOARDS_PER_BLOCK such boards in MAX_ROUNDS rounds (about a thousand
# boards) cannot make them.
ROUND_BOXES = 32
MAX_ROUNDS = 60
SINCE_MADE_BOARDS = 200  # boards made to refit the board model for --since
SECONDS_PER_100 = 5.0  # the target of `pipeline bench generate` for 100 boards
SECONDS_PER_ID = 1.0  # its target for the board of the furthest place an id may name


@dataclass(frozen=True)
class BoardReference:
    """The NYT's boards the difficulty of a made board is placed among, and their letter sets."""

    two_word_solutions: np.ndarray  # sorted: the reference window's boards
    nyt_letters: set[frozenset[str]]


def board_reference(con: Connection) -> tuple[BoardReference, list[Any]]:
    """Return the difficulty reference (the NYT's boards of the archive's last two years) and
    every stored NYT board's row (date, sides, par, words, two_word_solutions)."""
    warehouse.require_tables(con, "letter_boxed_boards", stage_hint="pipeline build")
    rows = warehouse.query(con, "generate/letter_boxed_boards").records()
    start = hs.reference_start(rows[-1].date + dt.timedelta(days=1))
    solutions = [row.two_word_solutions for row in rows if row.date >= start]
    window = np.sort(solutions or [row.two_word_solutions for row in rows])
    letter_sets = {frozenset("".join(row.sides)) for row in rows}
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
    con: Connection, chain: bs.ChainIndex, rows: list[Any], since: dt.date
) -> tuple[bs.LetterStyle, bs.BoardLikeness]:
    """Return the letter style and board model of the NYT's boards from `since` on."""
    recent = [row for row in rows if row.date >= since]
    if len(recent) < 10:
        raise UserError(f"--since {since}: only {len(recent)} NYT boards to learn from")
    end = rows[-1].date + dt.timedelta(days=1)
    ages = learned.ages([row.date for row in recent], end)
    pars = [row.par for row in recent]
    return learned.fit_boards(chain, measured(recent), pars, ages, SINCE_MADE_BOARDS)


def measured(rows: list[Any]) -> list[bs.MadeBoard]:
    """Return the NYT's boards (board_reference's rows) as measured boards."""
    return [
        bs.MadeBoard(tuple(row.sides), ("", ""), row.words, row.two_word_solutions, 0)
        for row in rows
    ]


@dataclass(frozen=True)
class DrawnBoard:
    """A board drawn at a place of a block, with what the draw gave it."""

    board: bs.MadeBoard
    log_odds: float
    par: int


@dataclass
class BoardMaker:
    """What drawing boards reads (the list and its Zipf frequencies, the letter style, the board
    model, the difficulty reference), with what it has made: the rounds of boards (draws of one
    seed share them, whatever their difficulty), the blocks drawn and the boards solved."""

    chain: bs.ChainIndex
    zipf: Mapping[str, float]
    style: bs.LetterStyle
    model: bs.BoardLikeness
    reference: BoardReference
    made: dict[tuple[int, int, int], list[bs.MadeBoard]] = field(default_factory=dict)
    drawn: dict[tuple, list[DrawnBoard]] = field(default_factory=dict)
    solved: dict[tuple[str, ...], tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def of(
        cls, con: Connection, words: list[str], zipf: Mapping[str, float], since: dt.date | None
    ) -> BoardMaker:
        """Return the maker of boards from a list (sorted, plain), in the stored style or in the
        style of the NYT's boards from `since` on."""
        reference, rows = board_reference(con)
        chain = bs.ChainIndex.of(lb.WordIndex(words, sorted_and_plain=True))
        if since is None:
            style, model = learned.stored_board_models(con, LETTER_BOXED)
        else:
            style, model = since_board_models(con, chain, rows, since)
        return cls(chain, zipf, style, model, reference)

    def made_round(self, seed: int, block: int, number: int) -> list[bs.MadeBoard]:
        """Return the boards of one round of a block (made once)."""
        key = (seed, block, number)
        if key not in self.made:
            rng = np.random.default_rng([seed, block, number])
            boxes = bs.draw_boxes(self.style, ROUND_BOXES, rng)
            self.made[key] = bs.boards_of(self.chain, boxes, rng)
        return self.made[key]

    def pool(self, request: Request, block: int) -> list[bs.MadeBoard]:
        """Return the boards one block of a draw chooses from: the first POOL_FACTOR boards per
        board of the block that are new (unless allowed) and of the difficulty asked for, made
        round by round; UserError when MAX_ROUNDS rounds make fewer than BOARDS_PER_BLOCK."""
        pool: dict[tuple[str, ...], bs.MadeBoard] = {}  # by sides: a board is drawn once
        made: set[tuple[str, ...]] = set()
        for number in range(MAX_ROUNDS):
            boards = self.made_round(request.seed, block, number)
            pool.update((board.sides, board) for board in boards if self.wanted(request, board))
            made.update(board.sides for board in boards)
            if len(pool) >= BOARDS_PER_BLOCK * POOL_FACTOR:
                break
        if len(pool) < BOARDS_PER_BLOCK:
            raise UserError(too_few_boards(request, len(pool), len(made)))
        return list(pool.values())[: BOARDS_PER_BLOCK * POOL_FACTOR]

    def wanted(self, request: Request, board: bs.MadeBoard) -> bool:
        """Return whether a made board may be drawn: new (unless allowed), of the difficulty."""
        new = request.allow_nyt or frozenset("".join(board.sides)) not in self.reference.nyt_letters
        difficulty = board_difficulty(self.reference, board.two_word_solutions)
        return bool(new and request.difficulty.holds(difficulty))

    def block(self, request: Request, block: int) -> list[DrawnBoard]:
        """Return the BOARDS_PER_BLOCK boards of one block of a draw (drawn once)."""
        key = (request.seed, request.difficulty, request.allow_nyt, block)
        if key not in self.drawn:
            pool = self.pool(request, block)
            rng = np.random.default_rng([request.seed, block])
            log_odds = self.model.log_odds(pool)
            self.drawn[key] = [
                DrawnBoard(pool[i], float(log_odds[i]), self.model.draw_par(pool[i], rng))
                for i in gumbel_top(log_odds, BOARDS_PER_BLOCK, rng).tolist()
            ]
        return self.drawn[key]

    def solution(self, board: bs.MadeBoard) -> tuple[str, ...]:
        """Return the best solution of a board with the list (solved once)."""
        if board.sides not in self.solved:
            arrays = self.chain.index.board_words(board.board)
            links = lb.links_of(arrays, lb.DEFAULT_MAX_WORDS)
            assert links  # a made board has a two-word solution by construction
            self.solved[board.sides] = lb.best_chain(links, self.zipf)
        return self.solved[board.sides]

    def records(self, request: Request) -> list[dict]:
        """Return the records of a draw of `request.count` boards."""
        blocks = -(-request.count // BOARDS_PER_BLOCK)
        drawn = [board for b in range(blocks) for board in self.block(request, b)]
        shown = drawn[: request.count]
        return [board_record(request, place, board, self) for place, board in enumerate(shown)]

    def last_record(self, request: Request) -> dict:
        """Return the record of the last board of a draw (its id's), made from its block alone."""
        block, place = divmod(request.count - 1, BOARDS_PER_BLOCK)
        drawn = self.block(request, block)[place]
        return board_record(request, request.count - 1, drawn, self)


def too_few_boards(request: Request, kept: int, made: int) -> str:
    """Return why a list cannot make the boards a draw asks for, as a sentence."""
    name = LETTER_BOXED.name
    if not made:
        return (
            f"the custom {name} list makes no board: it needs pairs of words that chain (the "
            "second starts with the first's last letter) and use 12 letters between them"
        )
    kind = "" if request.difficulty is Difficulty.any else f"{request.difficulty.value} "
    new = "" if request.allow_nyt else "new "
    unlike_nyt = "" if request.allow_nyt else " (not on the 12 letters of an NYT board)"
    return (
        f"the custom {name} list makes too few {new}{kind}boards{unlike_nyt}: {kept} of the "
        f"{made:,} boards it made, and a draw needs at least {BOARDS_PER_BLOCK} to choose from"
    )


def generate(
    con: Connection, words: list[str], zipf: Mapping[str, float], request: Request
) -> list[dict]:
    """Return the generated Letter Boxed boards' records (`zipf`: the list's Zipf frequencies,
    which choose each board's best solution)."""
    return BoardMaker.of(con, words, zipf, request.since).records(request)


def generate_last(
    con: Connection, words: list[str], zipf: Mapping[str, float], request: Request
) -> dict:
    """Return the record of the last board a draw would give (the board of its id)."""
    return BoardMaker.of(con, words, zipf, request.since).last_record(request)


def board_record(request: Request, place: int, drawn: DrawnBoard, maker: BoardMaker) -> dict:
    """Return one generated board in `pipeline export letter-boxed`'s key names."""
    board = drawn.board
    return {
        "id": generated_id(request, place),
        "sides": list(board.sides),
        "solution": list(maker.solution(board)),
        "par": drawn.par,
        "likeness": round(float(sigmoid(np.array([drawn.log_odds]))[0]), 4),
        "difficulty": {
            "percentile": round(board_difficulty(maker.reference, board.two_word_solutions), 1),
            "word_count": board.words,
            "two_word_solutions": board.two_word_solutions,
        },
    }


def format_records(records: list[dict]) -> str:
    """Return generated Letter Boxed boards as text (their solutions left out; a clue to each of
    its words, when the records have them: games/play.py `clue_lines`)."""
    from pipeline.games.play import clue_lines, word_clue

    lines = []
    for record in records:
        lines.append(
            f"{record['id']}: {' / '.join(side.upper() for side in record['sides'])}  "
            f"par {record['par']}, difficulty {record['difficulty']['percentile']:.0f}, "
            f"likeness {record['likeness']:.2f}, "
            f"{plural(record['difficulty']['two_word_solutions'], 'two-word solution')}"
        )
        lines += clue_lines(
            [
                word_clue(clue["word"], None) | {"clue": clue["clue"], "example": clue["example"]}
                for clue in record.get("clues", ())
            ]
        )
    return "\n".join(lines)
