"""The new-word model: the chance the NYT accepts a word the first time a puzzle allows it.

A logistic regression over what is known of the word before that day: its evidence bucket's
flags and Zipf bin, its own traits (`sql/queries/build/word_traits.sql`: endings, letters,
Zipf, Brown count, length, lists), what the NYT had said of its stems and of the word in its
other games, and the logit of its bucket's smoothed rate (so that a bucket with a long history
counts, and a sparse one leans on the rest). It is fitted only on earlier new words, every
quarter: a row of a quarter is judged by the fit made before the quarter began, the build's own
rows by the last fit; earlier words weigh less with their age (half-life four years), and an L2
penalty keeps rare columns small. These choices were made on the validation year, never on the
report's. Pure numpy: no file, no database.

A word of a sparse bucket (fewer than MIN_COMPARABLE earlier new words) reaches a probability of
0.5 only when its parent evidence agrees: the same model with the bucket's rate replaced by the
rate of every earlier new word with the same flags, whatever its Zipf bin.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pipeline.dates import EPOCH
from pipeline.model.buckets import MIN_COMPARABLE

REFIT_MONTHS = 3
HALF_LIFE_DAYS = 1461
L2 = 10.0
MIN_ROWS = 500  # fewer earlier new words to learn from: the bucket's rate alone
SPARSE_CAP = 0.49  # a sparse bucket's word whose parent evidence says < 0.5 stays under 0.5
FIRST_ITERATIONS, LATER_ITERATIONS = 12, 1  # Newton steps: from zero, then from the last fit
TOLERANCE = 1e-5
FACTOR_FLOOR = 0.01  # a new word less likely than this: its factors are not kept (explain says so)
DAY_NAMES = (
    "left out where it qualified in another NYT game",
    "inflects a word the NYT left out",
    "inflects a word of an NYT Letter Boxed list",
    "its evidence bucket's rate (logit)",
)


def feature_names(
    flag_names: Sequence[str], zipf_bins: int, trait_names: Sequence[str]
) -> list[str]:
    """Return the name of every model column, in the order `Design.rows` builds them."""
    return [
        "intercept",
        *flag_names,
        *(f"Zipf {b / 2:.1f}-{b / 2 + 0.5:g}" for b in range(zipf_bins)),
        *trait_names,
        *DAY_NAMES,
    ]


@dataclass(frozen=True)
class Design:
    """Everything the model's columns are made of, for the rows it judges (new words only):
    what changes with the day, and each word's traits (columns by word id)."""

    word_id: np.ndarray
    flags: np.ndarray  # the evidence bucket's flag bits (flag_bits wide, most significant first)
    zipf_bin: np.ndarray
    left_out_elsewhere: np.ndarray  # bool: another game left the word out before the day
    stem_rejected: np.ndarray  # bool: the NYT had left out a word it may inflect
    stem_listed: np.ndarray  # bool: an NYT Letter Boxed list had a word it may inflect
    bucket_rate: np.ndarray  # the smoothed rate of the row's evidence bucket
    parent_rate: np.ndarray  # the rate of the earlier new words with the same flags
    traits: tuple[np.ndarray, ...]  # one column per trait, by word id
    flag_bits: int
    zipf_bins: int

    def rows(self, rows: np.ndarray) -> np.ndarray:
        """Return the model's columns of some rows: intercept, flags, Zipf bin, traits, facts."""
        width = 1 + self.flag_bits + self.zipf_bins + len(self.traits) + len(DAY_NAMES)
        x = np.zeros((len(rows), width), dtype=np.float32)
        x[:, 0] = 1.0
        flags = self.flags[rows].astype(np.int64)
        for column, bit in enumerate(range(self.flag_bits - 1, -1, -1), start=1):
            x[:, column] = (flags >> bit) & 1
        start = 1 + self.flag_bits
        x[np.arange(len(rows)), start + self.zipf_bin[rows]] = 1.0
        start += self.zipf_bins
        words = self.word_id[rows]
        for column, trait in enumerate(self.traits, start=start):
            x[:, column] = trait[words]
        start += len(self.traits)
        x[:, start] = self.left_out_elsewhere[rows]
        x[:, start + 1] = self.stem_rejected[rows]
        x[:, start + 2] = self.stem_listed[rows]
        x[:, start + 3] = logit(self.bucket_rate[rows])
        return x

    def log_odds(self, rows: np.ndarray, coefficients: np.ndarray) -> np.ndarray:
        """Return the rows' log-odds, summed column by column (the same as `rows(rows) @
        coefficients` without making the columns)."""
        flag_weights = coefficients[1 : 1 + self.flag_bits]
        start = 1 + self.flag_bits
        zipf_weights = coefficients[start : start + self.zipf_bins]
        start += self.zipf_bins
        trait_weights = coefficients[start : start + len(self.traits)]
        start += len(self.traits)
        words = self.word_id[rows]
        flags = self.flags[rows].astype(np.int64)
        z = np.full(len(rows), coefficients[0])
        for weight, bit in zip(flag_weights, range(self.flag_bits - 1, -1, -1), strict=True):
            z += weight * ((flags >> bit) & 1)
        z += zipf_weights[self.zipf_bin[rows]]
        by_word = np.zeros(len(self.traits[0]) if self.traits else 0)
        for weight, trait in zip(trait_weights, self.traits, strict=True):
            by_word += weight * trait
        z += by_word[words] if len(by_word) else 0.0
        z += coefficients[start] * self.left_out_elsewhere[rows]
        z += coefficients[start + 1] * self.stem_rejected[rows]
        z += coefficients[start + 2] * self.stem_listed[rows]
        z += coefficients[start + 3] * logit(self.bucket_rate[rows])
        return z

    def parent_shift(self, rows: np.ndarray) -> np.ndarray:
        """Return what the bucket's rate column moves by when the parent's rate replaces it."""
        return logit(self.parent_rate[rows]) - logit(self.bucket_rate[rows])


def logit(p: np.ndarray) -> np.ndarray:
    """Return log(p / (1 - p)), p kept within 0.001 .. 0.999."""
    p = np.clip(p, 1e-3, 1 - 1e-3)
    return np.log(p / (1 - p))


def sigmoid(z: np.ndarray) -> np.ndarray:
    """Return 1 / (1 + exp(-z)), as (1 + tanh(z / 2)) / 2: no overflow for a large -z."""
    return 0.5 * (1.0 + np.tanh(0.5 * z))


def fit_logistic(
    x: np.ndarray,
    y: np.ndarray,
    weights: np.ndarray,
    l2: float = L2,
    start: np.ndarray | None = None,
    iterations: int = FIRST_ITERATIONS,
) -> np.ndarray:
    """Return the coefficients of a weighted logistic regression with an L2 penalty (the
    intercept too), by Newton's method from `start` (zeros when None)."""
    coefficients = np.zeros(x.shape[1]) if start is None else start.copy()
    for _ in range(iterations):  # products in x's own precision: no copy of x
        p = sigmoid(x @ coefficients.astype(x.dtype))
        gradient = x.T @ (weights * (p - y)).astype(x.dtype) + l2 * coefficients
        step = np.linalg.solve(weighted_hessian(x, weights * p * (1 - p), l2), gradient)
        coefficients -= step
        if np.max(np.abs(step)) < TOLERANCE:
            break
    return coefficients


def weighted_hessian(x: np.ndarray, weights: np.ndarray, l2: float) -> np.ndarray:
    """Return x' W x + l2 I: the penalized log-likelihood's Hessian for these weights."""
    scaled = x * np.sqrt(weights).astype(x.dtype)[:, None]
    return scaled.T @ scaled + l2 * np.eye(x.shape[1])


def quarter_starts(first_day: int, last_day: int) -> list[int]:
    """Return the day numbers of every quarter's first day (Jan, Apr, Jul, Oct) in a span."""
    first = EPOCH + dt.timedelta(days=first_day)
    year, month = first.year, 1 + (first.month - 1) // REFIT_MONTHS * REFIT_MONTHS
    starts = []
    while (start := (dt.date(year, month, 1) - EPOCH).days) <= last_day:
        starts.append(start)
        month += REFIT_MONTHS
        year, month = (year + 1, month - 12) if month > 12 else (year, month)
    return starts


@dataclass(frozen=True)
class Fitted:
    """The model's probability for each row it judged, the parent's, and the last fit's
    coefficients with how many earlier new words it learned from."""

    probability: np.ndarray
    parent: np.ndarray
    coefficients: np.ndarray | None
    learned_from: int


def strictly_earlier_probabilities(
    design: Design,
    day: np.ndarray,
    accepted: np.ndarray,
    known: np.ndarray,
    l2: float = L2,
    min_rows: int = MIN_ROWS,
) -> Fitted:
    """Return each row's probability from fits on the known rows strictly before its quarter:
    the known rows (past verdicts) by the quarters' fits, the others (the build's own rows) by
    the last; a row with too little before it to learn from keeps its bucket's rate."""
    probability = design.bucket_rate.astype(np.float64).copy()
    parent = probability.copy()
    learn = np.flatnonzero(known)
    if len(learn) == 0:
        return Fitted(probability, parent, None, 0)
    x_learn, y_learn, days = design.rows(learn), accepted[learn].astype(np.float64), day[learn]
    if np.any(np.diff(days) < 0):
        raise ValueError("the known rows must come in day order")  # then `before` is a prefix
    cuts = quarter_starts(int(days.min()), int(days.max())) + [int(days.max()) + 1]
    coefficients, learned_from = None, 0
    for start, end in zip(cuts, cuts[1:], strict=False):
        before = int(np.searchsorted(days, start))  # the rows of earlier days: a prefix
        judged = (days >= start) & (days < end)
        if before < min_rows:
            continue
        coefficients = fit_logistic(
            x_learn[:before],
            y_learn[:before],
            0.5 ** ((start - days[:before]) / HALF_LIFE_DAYS),
            l2,
            start=coefficients,
            iterations=FIRST_ITERATIONS if coefficients is None else LATER_ITERATIONS,
        )
        learned_from = before
        z = x_learn[judged] @ coefficients.astype(x_learn.dtype)
        probability[learn[judged]] = sigmoid(z)
        parent[learn[judged]] = sigmoid(z + coefficients[-1] * design.parent_shift(learn[judged]))
    if coefficients is not None:
        weights = 0.5 ** ((days.max() + 1 - days) / HALF_LIFE_DAYS)
        coefficients = fit_logistic(  # the build's own rows: everything before them
            x_learn, y_learn, weights, l2, start=coefficients, iterations=LATER_ITERATIONS
        )
        learned_from = len(learn)
    return Fitted(probability, parent, coefficients, learned_from)


def judge_undecided(
    design: Design, rows: np.ndarray, coefficients: np.ndarray, factors: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Return the probability, the parent's, and the largest factors (column indexes and what
    each adds to the log-odds; -1 and 0 for a word under FACTOR_FLOOR) of rows judged by the last
    fit (the build's own rows: a few hundred thousand, so the log-odds are summed column by column
    and only the words that may matter get their factors)."""
    z = design.log_odds(rows, coefficients)
    probability = sigmoid(z)
    parent = sigmoid(z + coefficients[-1] * design.parent_shift(rows))
    codes = np.full((len(rows), factors), -1, dtype=np.int16)
    values = np.zeros((len(rows), factors), dtype=np.float32)
    shown = np.flatnonzero(probability >= FACTOR_FLOOR)
    for chunk in np.array_split(shown, max(1, len(shown) // 65536)):
        codes[chunk], values[chunk] = top_factors(design.rows(rows[chunk]), coefficients, factors)
    return probability, parent, codes, values


def capped_for_sparse_buckets(
    probability: np.ndarray, parent: np.ndarray, comparable: np.ndarray
) -> np.ndarray:
    """Return the probabilities, those of a sparse bucket's words kept under 0.5 unless their
    parent evidence reaches 0.5 too."""
    sparse = (comparable < MIN_COMPARABLE) & (probability >= 0.5) & (parent < 0.5)
    return np.where(sparse, SPARSE_CAP, probability)


def top_factors(
    x: np.ndarray, coefficients: np.ndarray, count: int
) -> tuple[np.ndarray, np.ndarray]:
    """Return, per row, the columns that add or take the most log-odds (the intercept aside),
    largest first, and what each adds: (rows x count indexes, rows x count contributions)."""
    contributions = x * coefficients.astype(x.dtype)
    contributions[:, 0] = 0.0
    largest = np.argpartition(-np.abs(contributions), count, axis=1)[:, :count]
    picked = np.take_along_axis(contributions, largest, axis=1)
    order = np.argsort(-np.abs(picked), axis=1)
    return (
        np.take_along_axis(largest, order, axis=1).astype(np.int16),
        np.take_along_axis(picked, order, axis=1).astype(np.float32),
    )
