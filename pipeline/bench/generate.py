"""`pipeline bench generate`: the generator judged against the NYT's validation year.

The style is learned from the puzzles before the validation year (2024-08-10 .. 2025-08-09 for
the mirror's archive: the year before the archive's last), then judged on it: the likeness AUC
of the NYT's puzzles against every other candidate (beside a random score and a filter on S,
never-combined pairs and the answer zone), 365 generated puzzles of each game against the NYT's
year (distribution distances and a cross-validated classifier AUC), the expected errors, the
difficulty thirds, and the whole commands' time and memory.
"""

from __future__ import annotations

import datetime as dt
import importlib
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from pipeline.bench.figures import Figure, timed_command
from pipeline.dates import date_of, day_number, validation_window
from pipeline.errors import UserError
from pipeline.games import GAMES, LETTER_BOXED, SPELLING_BEE
from pipeline.games import style as learned
from pipeline.games.generated import Request, generated_id, gumbel_top
from pipeline.games.letter_boxed import generate as box_generator
from pipeline.games.play import MAX_GENERATED_PLACE, custom_words
from pipeline.games.spelling_bee import generate as bee_generator
from pipeline.model import board_style as bs
from pipeline.model import honeycomb_style as hs
from pipeline.model.difficulty import Difficulty
from pipeline.model.newword import fit_logistic
from pipeline.storage import warehouse
from pipeline.storage.named_lists import zipf_lookup
from pipeline.storage.output_paths import atomic_write
from pipeline.storage.warehouse import Connection
from solvers import letter_boxed as lb
from solvers.masks import letter_bit

CHECKS_FILE = learned.CHECKS_FILE
ID_SEED = 13  # the id timed: g13-any-1000 (a first request for it once took 8.4 s)
ID_RUNS = 3
SWEEP_SEEDS = range(100)  # the draws the sweep asks each game for: seeds x difficulties x counts
SWEEP_COUNTS = (1, 20)
FOLDS = 5
GENERATED = 365
TIMED_COUNT = 100
DRAW_SEEDS = (7, 8, 9)  # the classifier AUC is the mean over three draws (one draw varies by 0.02)


def cross_validated_auc(x: np.ndarray, y: np.ndarray, seed: int = 0) -> float:
    """Return the AUC of a logistic regression telling y=1 rows from y=0 rows, out of fold."""
    folds = np.random.default_rng(seed).integers(0, FOLDS, len(y))
    scores = np.zeros(len(y))
    for fold in range(FOLDS):
        train = folds != fold
        coefficients = fit_logistic(x[train], y[train], np.ones(train.sum()), l2=3.0)
        scores[~train] = x[~train] @ coefficients
    return hs.auc(scores, y.astype(bool))


def total_variation(a: np.ndarray, b: np.ndarray, bins: np.ndarray) -> float:
    """Return the total variation distance between two samples' histograms on `bins`."""
    pa = np.histogram(a, bins)[0] / len(a)
    pb = np.histogram(b, bins)[0] / len(b)
    return float(np.abs(pa - pb).sum() / 2)


def spelling_bee_figures(con: Connection) -> list[Figure]:
    """Return the Spelling Bee generator's figures on the validation year."""
    stored = bee_generator.stored_honeycombs(con)
    candidates = stored.candidates
    nyt, _ = learned.nyt_honeycombs(con)
    start, end = validation_window(date_of(int(nyt.day.max())))
    cut, stop = day_number(start), day_number(end) + 1
    before = nyt.before(cut)
    model = hs.fit_likeness(candidates, before, before)
    log_odds = hs.likeness_scores(model, candidates, before, cut)
    year = nyt.since(cut).before(stop)
    rows = learned.reference_rows(candidates, year)
    positive = np.zeros(len(candidates), dtype=bool)
    positive[rows] = True
    standing = hs.as_of(candidates, hs.history_before(before, [cut]), 0)
    train_rows = learned.reference_rows(candidates, before)
    low, high = np.percentile(candidates.words[train_rows], [5, 95])
    s_bit = letter_bit("s")
    baseline = (
        (candidates.letters_mask & s_bit == 0).astype(int)
        + (standing[:, 0] == 0)
        + ((candidates.words >= low) & (candidates.words <= high))
    )
    random_score = np.random.default_rng(0).random(len(candidates))
    likeness_auc = hs.auc(log_odds, positive)
    # 365 puzzles generated with the style of the years before, against the NYT's year
    eligible = (
        (candidates.unpublishable_words == 0)
        & (candidates.expected_errors <= bee_generator.MAX_EXPECTED_ERRORS)
        & ~positive
    )
    used_before = np.zeros(len(candidates), dtype=bool)
    used_before[train_rows] = True
    pool = np.flatnonzero(eligible & ~used_before)
    ref, days, reused = learned.reference_rows_and_days(candidates, before)
    recent = hs.recent_style(ref, days, reused, cut)
    set_used = np.isin(candidates.letters_mask[pool], before.letters_mask)
    draws = [
        hs.draw_like_recent(
            candidates,
            pool,
            log_odds[pool],
            set_used,
            recent,
            GENERATED,
            np.random.default_rng(seed),
        )
        for seed in DRAW_SEEDS
    ]
    chosen = draws[0]
    y = np.r_[np.ones(len(rows)), np.zeros(GENERATED)]
    nyt_x = hs.features(candidates.take(rows), standing[rows])
    classifier = float(
        np.mean(
            [
                cross_validated_auc(
                    np.vstack([nyt_x, hs.features(candidates.take(drawn), standing[drawn])]), y
                )
                for drawn in draws
            ]
        )
    )
    reference = learned.reference_rows(candidates, before.since(cut - 2 * 365))
    scale = hs.difficulty_scale(candidates.take(reference))
    thirds = np.histogram(
        hs.difficulty_percentile(scale, candidates.take(rows)), [0, 100 / 3, 200 / 3, 101]
    )[0] / len(rows)
    generated_errors = float(candidates.expected_errors[chosen].mean())
    nyt_errors = float(candidates.expected_errors[rows].mean())
    vowels = hs.bit_count(candidates.letters_mask & hs.VOWEL_MASK)
    letters_nyt = hs.letter_columns(candidates.letters_mask[rows]).mean(axis=0)
    letters_generated = hs.letter_columns(candidates.letters_mask[chosen]).mean(axis=0)
    return [
        Figure("likeness AUC, NYT's year against every other honeycomb", likeness_auc, ">= 0.95", likeness_auc >= 0.95),
        Figure("  baseline: random score", hs.auc(random_score, positive)),
        Figure("  baseline: no S + no never-combined pair + answer zone", hs.auc(baseline.astype(float), positive)),
        Figure("classifier AUC, 365 generated against the NYT's year (mean of 3 draws)", classifier, "<= 0.60", classifier <= 0.60),
        Figure("mean expected errors per generated puzzle", generated_errors, "<= 1.0", generated_errors <= 1.0),
        Figure("  the NYT's year, same list (its verdicts already learned)", nyt_errors),
        Figure("distance: answers (total variation)", total_variation(candidates.words[rows], candidates.words[chosen], np.arange(0, 200, 5))),
        Figure("distance: points (total variation)", total_variation(candidates.points[rows], candidates.points[chosen], np.arange(0, 800, 25))),
        Figure("distance: vowels (total variation)", total_variation(vowels[rows], vowels[chosen], np.arange(0, 8))),
        Figure("distance: letter shares (mean absolute)", float(np.abs(letters_nyt - letters_generated).mean())),
        Figure("NYT's year in the easy / medium / hard thirds: easy", float(thirds[0])),
        Figure("  medium", float(thirds[1])),
        Figure("  hard", float(thirds[2])),
    ]  # fmt: skip


def letter_boxed_figures(con: Connection, words: list[str]) -> list[Figure]:
    """Return the Letter Boxed generator's figures on the validation year."""
    reference, rows = box_generator.board_reference(con)
    chain = bs.ChainIndex.of(lb.WordIndex(words, sorted_and_plain=True))
    start, end = validation_window(rows[-1][0])
    before = [row for row in rows if row[0] < start]
    year = [row for row in rows if start <= row[0] <= end]

    def boards(selected: list[tuple]) -> list[bs.MadeBoard]:
        return [bs.MadeBoard(tuple(r[1]), ("", ""), r[3], r[4], 0) for r in selected]  # type: ignore[arg-type]

    ages = learned.ages([r[0] for r in before], start)
    style, model = learned.fit_boards(
        chain, boards(before), [r[2] for r in before], ages, learned.MADE_BOARDS
    )
    made = bs.make_boards(chain, style, GENERATED, np.random.default_rng(3))
    likeness_auc = hs.auc(
        np.r_[model.log_odds(boards(year)), model.log_odds(made)],
        np.r_[np.ones(len(year), bool), np.zeros(len(made), bool)],
    )
    year_x = bs.board_features(boards(year))
    y = np.r_[np.ones(len(year)), np.zeros(GENERATED)]
    aucs: list[float] = []
    chosen: list[bs.MadeBoard] = []
    for seed in DRAW_SEEDS:
        pool = bs.make_boards(
            chain, style, GENERATED * box_generator.POOL_FACTOR, np.random.default_rng(seed)
        )
        picked = gumbel_top(model.log_odds(pool), GENERATED, np.random.default_rng(seed))
        drawn = [pool[i] for i in picked]
        aucs.append(cross_validated_auc(np.vstack([year_x, bs.board_features(drawn)]), y))
        chosen = chosen or drawn
    classifier = float(np.mean(aucs))
    rng = np.random.default_rng(8)
    pars = np.array([model.draw_par(board, rng) for board in chosen])
    nyt_pars = np.array([r[2] or 0 for r in year])
    side_nyt = np.array([sum(bs.side_vowels(tuple(r[1]))) for r in year])
    side_generated = np.array([sum(bs.side_vowels(board.sides)) for board in chosen])
    return [
        Figure("likeness AUC, NYT's year against boards made at random", likeness_auc),
        Figure("classifier AUC, 365 generated against the NYT's year (mean of 3 draws)", classifier, "<= 0.60", classifier <= 0.60),
        Figure("distance: par (total variation)", total_variation(nyt_pars, pars, np.arange(2.5, 7.5))),
        Figure("distance: vowels (total variation)", total_variation(side_nyt, side_generated, np.arange(0, 9))),
        Figure(
            "distance: two-word solutions, log (total variation)",
            total_variation(
                np.log1p([r[4] for r in year]), np.log1p([b.two_word_solutions for b in chosen]), np.arange(0, 12, 1.0)
            ),
        ),
    ]  # fmt: skip


def timing_figures() -> list[Figure]:
    """Return the time and memory of generating 100 puzzles of each game (whole commands)."""
    figures = []
    for game in GAMES:
        limit = importlib.import_module(game.module("generate")).SECONDS_PER_100
        seconds, peak = timed_command(
            ["generate", game.name, "--count", str(TIMED_COUNT), "--format", "jsonl"]
        )
        figures += [
            Figure(f"{game.name}: {TIMED_COUNT} puzzles, seconds", seconds, f"<= {limit:g}", seconds <= limit),
            Figure(f"{game.name}: peak memory, MB", peak, "<= 500", peak <= 500),
        ]  # fmt: skip
    return figures


def id_figures() -> list[Figure]:
    """Return how long the generator call of `pipeline serve` takes to make the puzzle of the
    furthest place an id may name (g13-any-1000), each game: the median of ID_RUNS, each from
    the warehouse and lists on disk, as a request is."""
    request = Request(MAX_GENERATED_PLACE, ID_SEED, Difficulty.any, None, False)
    figures = []
    for game, make in ((SPELLING_BEE, spelling_bee_by_id), (LETTER_BOXED, letter_boxed_by_id)):
        limit = importlib.import_module(game.module("generate")).SECONDS_PER_ID
        runs = []
        for _ in range(ID_RUNS):
            started = time.perf_counter()
            record = make(request)
            runs.append(time.perf_counter() - started)
        assert record["id"] == generated_id(request, request.count - 1)
        seconds = statistics.median(runs)
        name = f"{game.name}: {record['id']}, seconds"
        figures.append(Figure(name, seconds, f"<= {limit:g}", seconds <= limit))
    return figures


def spelling_bee_by_id(request: Request) -> dict:
    """Return the Spelling Bee puzzle of a request's last place, as `pipeline serve` makes it."""
    with warehouse.open_warehouse(read_only=True) as con:
        return bee_generator.generate(con, request)[-1]


def letter_boxed_by_id(request: Request) -> dict:
    """Return the Letter Boxed board of a request's last place, as `pipeline serve` makes it."""
    words = custom_words(LETTER_BOXED)
    with warehouse.open_warehouse(read_only=True) as con:
        return box_generator.generate_last(con, words, zipf_lookup(LETTER_BOXED), request)


def sweep_figures(con: Connection, words: list[str]) -> list[Figure]:
    """Return, per game, how many draws of SWEEP_SEEDS x every difficulty x SWEEP_COUNTS come
    whole (every one should: the lists can make them), and how long the sweep took (each game's
    generator made once, as one command makes it, its draws called in process)."""
    honeycombs = bee_generator.HoneycombDraws.of(con, None)
    maker = box_generator.BoardMaker.of(con, words, zipf_lookup(LETTER_BOXED), None)
    figures = []
    for game, draw in ((SPELLING_BEE, honeycombs.records), (LETTER_BOXED, maker.records)):
        started = time.perf_counter()
        requests = [
            Request(count, seed, difficulty, None, False)
            for seed in SWEEP_SEEDS
            for difficulty in Difficulty
            for count in SWEEP_COUNTS
        ]
        delivered = sum(delivers(draw, request) for request in requests)
        seconds = time.perf_counter() - started
        figures += [
            Figure(f"{game.name}: draws delivered whole", delivered, f"= {len(requests)}", delivered == len(requests)),
            Figure(f"{game.name}: the sweep, seconds", seconds),
        ]  # fmt: skip
    return figures


def delivers(draw: Callable[[Request], list[dict]], request: Request) -> bool:
    """Return whether a draw gives every puzzle asked for, each with its id."""
    try:
        records = draw(request)
    except UserError:
        return False
    return [r["id"] for r in records] == [generated_id(request, i) for i in range(request.count)]


def keep_checks(record: dict, path: Path) -> None:
    """Write the figures (with the day they were measured) where the report reads them."""
    with atomic_write(path) as temporary:
        kept = {"measured": dt.date.today().isoformat(), **record}
        temporary.write_text(json.dumps(kept, indent=1) + "\n", encoding="utf-8")
