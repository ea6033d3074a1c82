"""The new-word model (pipeline/model/newword.py) on tiny hand-made histories: the fit, the
strictly-earlier quarters, the parent evidence and how it holds back a sparse bucket."""

from __future__ import annotations

import datetime as dt
import math

import numpy as np
import pytest

from pipeline.model import newword


def day(date: dt.date) -> int:
    """Return a date's day number since 1970-01-01."""
    return (date - dt.date(1970, 1, 1)).days


def logit(p: float) -> float:
    """Return log(p / (1 - p))."""
    return math.log(p / (1 - p))


def test_the_fit_finds_each_group_s_rate() -> None:
    # Four words without the flag (one accepted) and four with it (three accepted): the log-odds
    # of a quarter and of three quarters, apart by the flag's coefficient.
    x = np.array([[1.0, 0.0]] * 4 + [[1.0, 1.0]] * 4)
    y = np.array([1, 0, 0, 0, 1, 1, 1, 0], dtype=float)
    coefficients = newword.fit_logistic(x, y, np.ones(8), l2=1e-9, iterations=50)
    assert coefficients == pytest.approx([logit(0.25), logit(0.75) - logit(0.25)], abs=1e-6)


def design(
    rows: int, flagged: np.ndarray, bucket: np.ndarray, parent: np.ndarray
) -> newword.Design:
    """Return the columns of `rows` new words: one flag bit, one Zipf bin, no trait, no fact."""
    return newword.Design(
        word_id=np.arange(rows),
        flags=flagged.astype(np.int64),
        zipf_bin=np.zeros(rows, dtype=np.int64),
        left_out_elsewhere=np.zeros(rows, dtype=bool),
        stem_rejected=np.zeros(rows, dtype=bool),
        stem_listed=np.zeros(rows, dtype=bool),
        bucket_rate=bucket,
        parent_rate=parent,
        traits=(),
        flag_bits=1,
        zipf_bins=1,
    )


def test_each_quarter_is_judged_by_what_came_before_it() -> None:
    # 2024-Q1: 40 flagged words (30 accepted) and 40 others (10 accepted), every bucket at 0.5.
    # Their own quarter has nothing before it: the bucket's rate. 2024-Q2's two words (and the
    # build's own row, undecided) are judged by the fit on Q1 alone.
    q1, q2 = day(dt.date(2024, 2, 1)), day(dt.date(2024, 4, 2))
    flagged = np.array([1] * 40 + [0] * 40 + [1, 0, 1])
    accepted = np.array([1] * 30 + [0] * 10 + [1] * 10 + [0] * 30 + [0, 1, 0])
    days = np.array([q1] * 80 + [q2, q2, q2 + 1])
    known = np.array([True] * 82 + [False])
    rates = np.full(83, 0.5)
    found = newword.strictly_earlier_probabilities(
        design(83, flagged, rates, rates), days, accepted == 1, known, l2=1e-9, min_rows=10
    )
    assert found.probability[:80] == pytest.approx(0.5)  # nothing before them
    assert found.probability[80:82] == pytest.approx([0.75, 0.25], abs=1e-4)
    assert found.learned_from == 82  # the last fit, for the build's rows, knows them all
    assert found.coefficients is not None
    p, parent, _, _ = newword.judge_undecided(
        design(83, flagged, rates, rates), np.array([82]), found.coefficients, 2
    )
    assert p[0] == pytest.approx(30.0 / 41.0, abs=0.02)  # Q2's flagged word left out, nearly


def test_a_sparse_bucket_reaches_one_half_only_with_its_parent() -> None:
    probability = np.array([0.8, 0.8, 0.8, 0.3])
    parent = np.array([0.3, 0.6, 0.3, 0.3])
    comparable = np.array([3, 3, 12, 3])  # earlier new words of each row's bucket
    capped = newword.capped_for_sparse_buckets(probability, parent, comparable)
    assert capped.tolist() == [newword.SPARSE_CAP, 0.8, 0.8, 0.3]


def test_the_parent_evidence_replaces_the_bucket_s_rate() -> None:
    # A bucket at 0.8 whose flags' words were accepted at 0.2: the parent's log-odds move by the
    # rate column's coefficient times the difference of the two logits.
    d = design(1, np.array([0]), np.array([0.8]), np.array([0.2]))
    coefficients = np.array([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0])  # only the bucket's rate counts
    p, parent, codes, values = newword.judge_undecided(d, np.array([0]), coefficients, 2)
    assert (p[0], parent[0]) == pytest.approx((0.8, 0.2))
    assert codes[0].tolist()[0] == 6 and values[0][0] == pytest.approx(logit(0.8))
