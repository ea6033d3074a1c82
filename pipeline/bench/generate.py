"""`pipeline bench generate`: every game's generator judged against the NYT's validation year.

The style is learned from the puzzles before the validation year (2024-08-10 .. 2025-08-09 for
the mirror's archive: the year before the archive's last), then judged on it, by each game's
generator (`games/<game>/generator.py`, its hook `generator`): a likeness AUC, 365 generated
puzzles against the NYT's year (distribution distances and a cross-validated classifier AUC).
Then, for every game alike: a sweep of draws, the whole commands' time and memory, and a puzzle
by id as the server makes it.
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
from pipeline.errors import UserError
from pipeline.games import GAMES, Game
from pipeline.games.generated import GameGenerator, Request, generated_id
from pipeline.games.hooks import hooks_of
from pipeline.games.play import MAX_GENERATED_PLACE
from pipeline.model import honeycomb_style as hs
from pipeline.model.difficulty import Difficulty
from pipeline.model.newword import fit_logistic
from pipeline.storage import warehouse
from pipeline.storage.output_paths import atomic_write
from pipeline.storage.warehouse import Connection

ID_SEED = 13  # the id timed: g13-any-1000 (a first request for it once took 8.4 s)
ID_RUNS = 3
SWEEP_SEEDS = range(100)  # the draws the sweep asks each game for: seeds x difficulties x counts
SWEEP_COUNTS = (1, 20)
FOLDS = 5
GENERATED = 365
TIMED_COUNT = 100
# The classifier check is judged on the mean AUC of 30 draws of 365 puzzles: one draw's AUC varies
# by about 0.02 (a mean of 3 draws ranged 0.567-0.615 for Letter Boxed over 20 triples, so that
# noise decided the check), the mean of 30 by about 0.004.
DRAW_SEEDS = range(30)
CLASSIFIER_TARGET = 0.60


def cross_validated_auc(x: np.ndarray, y: np.ndarray, seed: int = 0) -> float:
    """Return the AUC of a logistic regression telling y=1 rows from y=0 rows, out of fold."""
    folds = np.random.default_rng(seed).integers(0, FOLDS, len(y))
    scores = np.zeros(len(y))
    for fold in range(FOLDS):
        train = folds != fold
        coefficients = fit_logistic(x[train], y[train], np.ones(train.sum()), l2=3.0)
        scores[~train] = x[~train] @ coefficients
    return hs.auc(scores, y.astype(bool))


def classifier_figures(aucs: list[float]) -> list[Figure]:
    """Return the classifier check of a game, judged on the mean AUC of its draws, with their
    spread: one draw's standard deviation, the mean's standard error, the lowest and highest."""
    mean = float(np.mean(aucs))
    spread = float(np.std(aucs, ddof=1))
    return [
        Figure(
            f"classifier AUC, {GENERATED} generated against the NYT's year (mean of {len(aucs)} draws)",
            mean,
            f"<= {CLASSIFIER_TARGET:.2f}",
            mean <= CLASSIFIER_TARGET,
        ),
        Figure("  one draw's standard deviation", spread),
        Figure("  the mean's standard error", spread / len(aucs) ** 0.5),
        Figure("  lowest draw", float(min(aucs))),
        Figure("  highest draw", float(max(aucs))),
    ]


def total_variation(a: np.ndarray, b: np.ndarray, bins: np.ndarray) -> float:
    """Return the total variation distance between two samples' histograms on `bins`."""
    pa = np.histogram(a, bins)[0] / len(a)
    pb = np.histogram(b, bins)[0] / len(b)
    return float(np.abs(pa - pb).sum() / 2)


def timing_figures() -> list[Figure]:
    """Return the time and memory of generating 100 puzzles of each game (whole commands)."""
    figures = []
    for game, _ in generators():
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
    for game, generator in generators():
        limit = importlib.import_module(game.module("generate")).SECONDS_PER_ID
        runs = []
        for _ in range(ID_RUNS):
            started = time.perf_counter()
            record = generator.last(request)
            runs.append(time.perf_counter() - started)
        assert record["id"] == generated_id(request, request.count - 1)
        seconds = statistics.median(runs)
        name = f"{game.name}: {record['id']}, seconds"
        figures.append(Figure(name, seconds, f"<= {limit:g}", seconds <= limit))
    return figures


def sweep_figures(con: Connection) -> list[Figure]:
    """Return, per game, how many draws of SWEEP_SEEDS x every difficulty x SWEEP_COUNTS come
    whole (every one should: the lists can make them), and how long the sweep took (each game's
    generator made once, as one command makes it, its draws called in process)."""
    figures = []
    for game, generator in generators():
        draw = generator.draws(con)
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


def generators() -> list[tuple[Game, GameGenerator]]:
    """Return every game with a generator, and its generator."""
    found = ((game, hooks_of(game).generator()) for game in GAMES)
    return [(game, generator) for game, generator in found if generator is not None]


def bench_generators(sweep: bool, timing: bool) -> dict[str, list[Figure]]:
    """Return `pipeline bench generate`'s figures: each generator on the validation year, then
    (as asked) the sweep, the whole commands' time and a puzzle by id."""
    with warehouse.open_warehouse(read_only=True) as con:
        sections = {game.name: generator.figures(con) for game, generator in generators()}
        if sweep:
            sections["every draw of the sweep"] = sweep_figures(con)
    if timing:
        sections["whole commands"] = timing_figures()
        sections["a puzzle by id, as pipeline serve makes it"] = id_figures()
    return sections


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
