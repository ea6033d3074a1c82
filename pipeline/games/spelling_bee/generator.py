"""Spelling Bee's generator as the commands ask it (its hook `generator`): the honeycombs drawn for
`pipeline generate spelling-bee`, made once for `pipeline bench generate`'s sweep, a puzzle by id
as the server makes it, and the generator judged on the validation year.

The style is learned from the puzzles before the validation year, then judged on it: the
likeness AUC of the NYT's puzzles against every other honeycomb (beside a random score and a
filter on S, never-combined pairs and the answer zone), and 365 honeycombs drawn with that
style against the NYT's year (a classifier's AUC, distribution distances, expected errors).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from pipeline.bench.figures import Figure
from pipeline.bench.generate import (
    DRAW_SEEDS,
    GENERATED,
    classifier_figures,
    cross_validated_auc,
    total_variation,
)
from pipeline.dates import date_of, day_number, validation_window
from pipeline.games.generated import Request
from pipeline.games.spelling_bee import generate
from pipeline.games.spelling_bee import style as learned
from pipeline.model import honeycomb_style as hs
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection
from solvers.masks import letter_bit


def draws(con: Connection) -> Callable[[Request], list[dict]]:
    """Return the generator made once, to be asked for many draws."""
    return generate.HoneycombDraws.of(con, None).records


def last(request: Request) -> dict:
    """Return the puzzle of a request's last place, as `pipeline serve` makes it."""
    with warehouse.open_warehouse(read_only=True) as con:
        return generate.generate(con, request)[-1]


@dataclass(frozen=True)
class ValidationYear:
    """The honeycombs of the custom list, the NYT's puzzles before the validation year and the
    likeness learned from them, and the candidate rows of the NYT's puzzles of that year."""

    candidates: hs.Honeycombs
    before: hs.NytPuzzles
    cut: int  # the day number the validation year starts
    log_odds: np.ndarray  # the likeness learned before the year, of every candidate
    rows: np.ndarray  # the NYT's puzzles of the year among the candidates
    train_rows: np.ndarray  # the NYT's puzzles before the year among the candidates
    standing: np.ndarray  # every candidate's standing as of the year's first day

    @property
    def positive(self) -> np.ndarray:
        """Return, per candidate, whether it is one of the NYT's puzzles of the year."""
        positive = np.zeros(len(self.candidates), dtype=bool)
        positive[self.rows] = True
        return positive


def validation_year(con: Connection) -> ValidationYear:
    """Return the validation year of the archive with the likeness learned before it."""
    candidates = generate.stored_honeycombs(con).candidates
    nyt, _ = learned.nyt_honeycombs(con)
    start, end = validation_window(date_of(int(nyt.day.max())))
    cut, stop = day_number(start), day_number(end) + 1
    before = nyt.before(cut)
    model = hs.fit_likeness(candidates, before, before)
    return ValidationYear(
        candidates=candidates,
        before=before,
        cut=cut,
        log_odds=hs.likeness_scores(model, candidates, before, cut),
        rows=learned.reference_rows(candidates, nyt.since(cut).before(stop)),
        train_rows=learned.reference_rows(candidates, before),
        standing=hs.as_of(candidates, hs.history_before(before, [cut]), 0),
    )


def figures(con: Connection) -> list[Figure]:
    """Return the Spelling Bee generator's figures on the validation year."""
    year = validation_year(con)
    drawn = drawn_like_the_year_before(year)
    return [*likeness_figures(year), *drawn_figures(year, drawn)]


def likeness_figures(year: ValidationYear) -> list[Figure]:
    """Return the likeness AUC of the NYT's year against every other honeycomb, beside a random
    score and a filter on S, never-combined pairs and the answer zone."""
    candidates, positive = year.candidates, year.positive
    low, high = np.percentile(candidates.words[year.train_rows], [5, 95])
    baseline = (
        (candidates.letters_mask & letter_bit("s") == 0).astype(int)
        + (year.standing[:, 0] == 0)
        + ((candidates.words >= low) & (candidates.words <= high))
    )
    random_score = np.random.default_rng(0).random(len(candidates))
    likeness_auc = hs.auc(year.log_odds, positive)
    return [
        Figure("likeness AUC, NYT's year against every other honeycomb", likeness_auc, ">= 0.95", likeness_auc >= 0.95),
        Figure("  baseline: random score", hs.auc(random_score, positive)),
        Figure("  baseline: no S + no never-combined pair + answer zone", hs.auc(baseline.astype(float), positive)),
    ]  # fmt: skip


def drawn_like_the_year_before(year: ValidationYear) -> list[np.ndarray]:
    """Return GENERATED honeycombs drawn with the style of the years before, once per seed of
    DRAW_SEEDS (the NYT's puzzles, of the year or before, left out)."""
    candidates = year.candidates
    eligible = (
        (candidates.unpublishable_words == 0)
        & (candidates.expected_errors <= generate.MAX_EXPECTED_ERRORS)
        & ~year.positive
    )
    used_before = np.zeros(len(candidates), dtype=bool)
    used_before[year.train_rows] = True
    pool = np.flatnonzero(eligible & ~used_before)
    reference, days, reused = learned.reference_rows_and_days(candidates, year.before)
    recent = hs.recent_style(reference, days, reused, year.cut)
    set_used = np.isin(candidates.letters_mask[pool], year.before.letters_mask)
    return [
        hs.draw_like_recent(
            candidates,
            pool,
            year.log_odds[pool],
            set_used,
            recent,
            GENERATED,
            np.random.default_rng(seed),
        )
        for seed in DRAW_SEEDS
    ]


def drawn_figures(year: ValidationYear, drawn: list[np.ndarray]) -> list[Figure]:
    """Return the drawn honeycombs against the NYT's year: a classifier's AUC telling them apart,
    expected errors, distribution distances, and the year in the difficulty thirds."""
    candidates, rows, chosen = year.candidates, year.rows, drawn[0]
    y = np.r_[np.ones(len(rows)), np.zeros(GENERATED)]
    nyt_x = hs.features(candidates.take(rows), year.standing[rows])
    aucs = [
        cross_validated_auc(
            np.vstack([nyt_x, hs.features(candidates.take(d), year.standing[d])]), y
        )
        for d in drawn
    ]
    reference = learned.reference_rows(candidates, year.before.since(year.cut - 2 * 365))
    scale = hs.difficulty_scale(candidates.take(reference))
    percentiles = hs.difficulty_percentile(scale, candidates.take(rows))
    thirds = np.histogram(percentiles, [0, 100 / 3, 200 / 3, 101])[0] / len(rows)
    generated_errors = float(candidates.expected_errors[chosen].mean())
    vowels = hs.bit_count(candidates.letters_mask & hs.VOWEL_MASK)
    letters_nyt = hs.letter_columns(candidates.letters_mask[rows]).mean(axis=0)
    letters_generated = hs.letter_columns(candidates.letters_mask[chosen]).mean(axis=0)
    return [
        *classifier_figures(aucs),
        Figure("mean expected errors per generated puzzle", generated_errors, "<= 1.0", generated_errors <= 1.0),
        Figure("  the NYT's year, same list (its verdicts already learned)", float(candidates.expected_errors[rows].mean())),
        Figure("distance: answers (total variation)", total_variation(candidates.words[rows], candidates.words[chosen], np.arange(0, 200, 5))),
        Figure("distance: points (total variation)", total_variation(candidates.points[rows], candidates.points[chosen], np.arange(0, 800, 25))),
        Figure("distance: vowels (total variation)", total_variation(vowels[rows], vowels[chosen], np.arange(0, 8))),
        Figure("distance: letter shares (mean absolute)", float(np.abs(letters_nyt - letters_generated).mean())),
        Figure("NYT's year in the easy / medium / hard thirds: easy", float(thirds[0])),
        Figure("  medium", float(thirds[1])),
        Figure("  hard", float(thirds[2])),
    ]  # fmt: skip
