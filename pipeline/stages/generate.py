"""`pipeline generate`: new puzzles in the NYT's style, drawn from what the build's style step
stored (spelling_bee_honeycombs, style_models) and, for Letter Boxed, boards made afresh.

A draw is without replacement in proportion to the likeness model's odds (Gumbel top-k: each
candidate's log-odds plus a Gumbel variate, the largest kept), so the same seed gives the same
puzzles and the puzzles' mix imitates the NYT's.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

import numpy as np

from pipeline.errors import UserError
from pipeline.games import LETTER_BOXED, SPELLING_BEE
from pipeline.games import style as learned
from pipeline.model import board_style as bs
from pipeline.model import honeycomb_style as hs
from pipeline.model.difficulty import Difficulty
from pipeline.model.newword import sigmoid
from pipeline.render.text import plural
from pipeline.storage import warehouse
from pipeline.storage.output_paths import atomic_write
from pipeline.storage.table_files import csv_row
from pipeline.storage.warehouse import Connection
from solvers import letter_boxed as lb
from solvers import spelling_bee_scoring as scoring
from solvers.masks import ALPHABET

MAX_EXPECTED_ERRORS = 2.0  # a honeycomb the list may get more words wrong in is never drawn
POOL_FACTOR = 3  # boards made per board drawn
# Boards are drawn in blocks, each from its own random stream (seed, block): the first n boards of
# a draw are the draw of n, so an id (seed, difficulty, place) always means the same board.
BOARDS_PER_BLOCK = 10
SINCE_MADE_BOARDS = 200  # boards made to refit the board model for --since


@dataclass(frozen=True)
class Request:
    """What to generate."""

    count: int
    seed: int
    difficulty: Difficulty
    since: dt.date | None
    allow_nyt: bool


def generated_id(request: Request, index: int) -> str:
    """Return a generated puzzle's id: its seed, difficulty and place in the draw (from 1)."""
    return f"g{request.seed}-{request.difficulty.value}-{index + 1}"


def gumbel_top(log_odds: np.ndarray, count: int, rng: np.random.Generator) -> np.ndarray:
    """Return `count` rows drawn without replacement in proportion to exp(log_odds)."""
    keys = log_odds + rng.gumbel(size=len(log_odds))
    return np.argsort(-keys, kind="stable")[:count]


# ------------------------------------------------------------------ Spelling Bee


@dataclass(frozen=True)
class StoredHoneycombs:
    """The build's honeycombs with their stored scores."""

    candidates: hs.Honeycombs
    log_odds: np.ndarray
    difficulty: np.ndarray
    nyt_used: np.ndarray
    never_combined_pairs: np.ndarray


def stored_honeycombs(con: Connection) -> StoredHoneycombs:
    """Return spelling_bee_honeycombs as arrays."""
    warehouse.require_tables(con, "spelling_bee_honeycombs", stage_hint="pipeline build")
    r = warehouse.run(con, "generate/spelling_bee_honeycombs").fetchnumpy()
    fields = hs.Honeycombs.__dataclass_fields__
    candidates = hs.Honeycombs(*(np.asarray(r[name]) for name in fields))
    return StoredHoneycombs(
        candidates,
        np.asarray(r["log_odds"]),
        np.asarray(r["difficulty"]),
        np.asarray(r["nyt_used"]),
        np.asarray(r["never_combined_pairs"]),
    )


@dataclass(frozen=True)
class HoneycombWords:
    """The words of the custom list that a generated puzzle may hold: listed or maybe."""

    words: list[str]
    masks: np.ndarray
    listed: np.ndarray
    maybe: np.ndarray
    probability: np.ndarray


def honeycomb_words(con: Connection) -> HoneycombWords:
    """Return the listed and maybe words of the custom Spelling Bee list."""
    r = warehouse.run(con, "generate/spelling_bee_words", {"game": SPELLING_BEE.name}).fetchnumpy()
    return HoneycombWords(
        [str(w) for w in r["word"]],
        np.asarray(r["mask"]),
        np.asarray(r["included"]),
        np.asarray(r["maybe"]),
        np.asarray(r["probability"]),
    )


def publishable(stored: StoredHoneycombs, request: Request) -> np.ndarray:
    """Return which honeycombs may be drawn: no letter pair the NYT never combined, no offensive
    or hand-edited word, at most MAX_EXPECTED_ERRORS expected errors, not the NYT's own (unless
    allowed), and in the difficulty asked for."""
    candidates = stored.candidates
    return (
        (stored.never_combined_pairs == 0)
        & (candidates.unpublishable_words == 0)
        & (candidates.expected_errors <= MAX_EXPECTED_ERRORS)
        & (request.allow_nyt | ~stored.nyt_used)
        & request.difficulty.holds(stored.difficulty)
    )


def since_log_odds(con: Connection, stored: StoredHoneycombs, since: dt.date) -> np.ndarray:
    """Return the candidates' log-odds under the style of the NYT's puzzles from `since` on."""
    nyt, _ = learned.nyt_honeycombs(con)
    recent = nyt.since(learned.day_number(since))
    if len(recent.day) < 10:
        raise UserError(f"--since {since}: only {len(recent.day)} NYT puzzles to learn from")
    model = hs.fit_likeness(stored.candidates, recent, nyt)
    return hs.likeness_scores(model, stored.candidates, nyt, int(nyt.day.max()) + 1)


def recent_nyt_style(
    stored: StoredHoneycombs, nyt: hs.NytPuzzles, difficulty: Difficulty
) -> hs.RecentStyle:
    """Return the NYT's puzzles of the last year (those of the difficulty asked for) that a
    draw is matched to."""
    rows, days, reused = learned.reference_rows_and_days(stored.candidates, nyt)
    kept = difficulty.holds(stored.difficulty[rows])
    until = int(nyt.day.max()) + 1 if len(nyt.day) else 0
    return hs.recent_style(rows[kept], days[kept], reused[kept], until)


def generate_spelling_bee(con: Connection, request: Request) -> list[dict]:
    """Return the generated Spelling Bee puzzles' records."""
    stored = stored_honeycombs(con)
    log_odds = (
        stored.log_odds if request.since is None else since_log_odds(con, stored, request.since)
    )
    pool = np.flatnonzero(publishable(stored, request))
    nyt, _ = learned.nyt_honeycombs(con)
    reused = np.isin(stored.candidates.letters_mask[pool], nyt.letters_mask)
    recent = recent_nyt_style(stored, nyt, request.difficulty)
    rng = np.random.default_rng(request.seed)
    chosen = hs.draw_like_recent(
        stored.candidates, pool, log_odds[pool], reused, recent, request.count, rng
    )
    words = honeycomb_words(con)
    return [
        honeycomb_record(request, index, stored, int(row), log_odds[row], words)
        for index, row in enumerate(chosen.tolist())
    ]


def honeycomb_record(
    request: Request,
    index: int,
    stored: StoredHoneycombs,
    row: int,
    log_odds: float,
    words: HoneycombWords,
) -> dict:
    """Return one generated Spelling Bee puzzle in `pipeline export spelling-bee`'s key names."""
    candidates = stored.candidates
    letters_mask, center_bit = int(candidates.letters_mask[row]), int(candidates.center_bit[row])
    fits = ((words.masks & ~letters_mask) == 0) & ((words.masks & center_bit) != 0)
    center = ALPHABET[center_bit.bit_length() - 1]
    others = "".join(
        letter for i, letter in enumerate(ALPHABET) if letters_mask >> i & 1 and letter != center
    )
    listed = [words.words[i] for i in np.flatnonzero(fits & words.listed).tolist()]
    answers = scoring.order_answers(listed, center + others)
    points = scoring.total_score(answers, center + others)
    ranks = dict(scoring.rank_thresholds(points))
    unsure = np.flatnonzero(fits & words.maybe)
    low_share = int(candidates.low_frequency_points[row]) / max(points, 1)
    return {
        "id": generated_id(request, index),
        "center": center,
        "others": others,
        "answers": answers,
        "pangrams": [w for w in answers if scoring.is_pangram(w, center + others)],
        "points": points,
        "word_count": len(answers),
        "genius": ranks["Genius"],
        "ranks": ranks,
        "maybe": [
            {"word": words.words[i], "probability": round(float(words.probability[i]), 4)}
            for i in unsure.tolist()
            if not words.listed[i]
        ],
        "unsure": [
            {"word": words.words[i], "probability": round(float(words.probability[i]), 4)}
            for i in unsure.tolist()
            if words.listed[i]
        ],
        "likeness": round(float(hs.likeness(np.array([log_odds]))[0]), 4),
        "difficulty": {
            "percentile": round(float(stored.difficulty[row]), 1),
            "word_count": len(answers),
            "points": points,
            "low_frequency_share": round(low_share, 4),
            "longest_pangram": int(candidates.longest_pangram[row]),
        },
        "expected_errors": round(float(candidates.expected_errors[row]), 4),
    }


# ------------------------------------------------------------------ Letter Boxed


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


def generate_letter_boxed(con: Connection, words: list[str], request: Request) -> list[dict]:
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


# ------------------------------------------------------------------ output


def write_records(records: list[dict], fmt: str, out: Path | None) -> None:
    """Write records as JSON lines or CSV (lists and objects as JSON in a cell) to a file, replaced
    whole, or to stdout."""
    if out is None:
        write_to(sys.stdout, records, fmt)
        return
    with atomic_write(out) as temporary, temporary.open("w", newline="") as handle:
        write_to(handle, records, fmt)


def write_to(handle: TextIO, records: list[dict], fmt: str) -> None:
    """Write records to an open text file."""
    if fmt == "csv":
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(list(records[0]) if records else [])
        writer.writerows(csv_row(tuple(record.values())) for record in records)
        return
    for record in records:
        handle.write(json.dumps(record) + "\n")


def format_honeycombs(records: list[dict]) -> str:
    """Return generated Spelling Bee puzzles as text: letters, size, ranks and the pangrams
    hidden behind their first letters, so that the text can be played."""
    blocks = []
    for record in records:
        difficulty = record["difficulty"]
        hidden = ", ".join(p[0].upper() + "." * (len(p) - 1) for p in record["pangrams"])
        blocks.append(
            f"{record['id']}: {record['center'].upper()} / {record['others'].upper()}  "
            f"{record['word_count']} words, {record['points']} points "
            f"(Genius {record['genius']}), {plural(len(record['pangrams']), 'pangram')}: "
            f"{hidden}\n"
            f"  difficulty {difficulty['percentile']:.0f} (harder than that share of the NYT's "
            f"recent puzzles), likeness {record['likeness']:.2f}, expected errors "
            f"{record['expected_errors']:.2f}, {plural(len(record['maybe']), 'maybe word')}"
        )
    return "\n".join(blocks)


def format_boards(records: list[dict]) -> str:
    """Return generated Letter Boxed boards as text (their solutions left out)."""
    return "\n".join(
        f"{record['id']}: {' / '.join(side.upper() for side in record['sides'])}  "
        f"par {record['par']}, difficulty {record['difficulty']['percentile']:.0f}, "
        f"likeness {record['likeness']:.2f}, "
        f"{plural(record['difficulty']['two_word_solutions'], 'two-word solution')}"
        for record in records
    )
