"""The membership rule on hand-made evidence, and the F1 macros it is chosen by."""

from __future__ import annotations

import numpy as np
import pytest

from pipeline.games.hooks import GameHooks
from pipeline.model.rule import Evidence, Rule, decide, grid_counts, reasons, rule_grid
from pipeline.stages.build_rule import score_predictions
from pipeline.storage import warehouse

RULE = Rule("score_180", 0.55)


def evidence(*rows: dict) -> Evidence:
    """Return Evidence from row dicts (missing columns default to a word never seen before)."""
    defaults = {
        "word": "word",
        "prior_verdicts": 0,
        "prior_accepted": 0,
        "last_accepted": False,
        "score_last": 0.0,
        "score_180": 0.0,
        "score_forever": 0.0,
        "bucket": "0000@0.0",
        "bucket_size": 0,
        "bucket_rate": 0.5,
        "probability": 0.5,
        "history_rate": 0.5,
        "history_bucket": "",
        "guarded": False,
    }
    filled = [defaults | row for row in rows]
    return Evidence({name: np.asarray([row[name] for row in filled]) for name in defaults})


def test_decide_words_seen_before_by_their_score_and_ties_by_the_last_verdict():
    seen = evidence(
        {"word": "positive", "prior_verdicts": 3, "score_180": 0.4, "last_accepted": False},
        {"word": "negative", "prior_verdicts": 3, "score_180": -0.4, "last_accepted": True},
        {"word": "tie_last_in", "prior_verdicts": 2, "score_180": 0.0, "last_accepted": True},
        {"word": "tie_last_out", "prior_verdicts": 2, "score_180": 0.0, "last_accepted": False},
        {"word": "rounding_tie", "prior_verdicts": 2, "score_180": 5e-10, "last_accepted": False},
        {"word": "bucket_ignored", "prior_verdicts": 1, "score_180": -1.0, "bucket_rate": 0.99},
    )
    assert decide(seen, RULE).tolist() == [True, False, True, False, False, False]


def test_decide_new_words_by_their_bucket_rate():
    new = evidence(
        {"word": "above", "bucket_rate": 0.56},
        {"word": "at", "bucket_rate": 0.55},
        {"word": "below", "bucket_rate": 0.54},
        {"word": "score_ignored", "bucket_rate": 0.1, "score_180": 3.0, "last_accepted": True},
    )
    assert decide(new, RULE).tolist() == [True, True, False, False]
    assert decide(new, Rule("score_180", 0.30)).tolist() == [True, True, True, False]


def test_decide_reads_the_rule_score_column():
    rows = evidence({"prior_verdicts": 4, "score_180": 0.9, "score_forever": -2.0})
    assert decide(rows, Rule("score_180", 0.5)).tolist() == [True]
    assert decide(rows, Rule("score_forever", 0.5)).tolist() == [False]


def test_decide_by_the_last_verdict_alone():
    rows = evidence(
        {"prior_verdicts": 16, "score_last": -1.0, "score_180": 7.5, "last_accepted": False},
        {"prior_verdicts": 49, "score_last": 1.0, "score_180": -6.0, "last_accepted": True},
    )
    assert decide(rows, Rule("score_last", 0.5)).tolist() == [False, True]
    assert decide(rows, Rule("score_180", 0.5)).tolist() == [True, False]


def test_reasons():
    rows = evidence(
        {"prior_verdicts": 4, "prior_accepted": 3, "score_180": 0.25},
        {"bucket": "1100110@3.5", "bucket_size": 12276, "bucket_rate": 0.8},
    )
    assert reasons(rows, RULE, decide(rows, RULE), GameHooks.evidence_flags) == [
        "in: accepted in 3 of 4 puzzles where it was eligible, score_180 = +0.25",
        # a count as every other number the commands print: 12,276 (explain says it beside)
        "in: never eligible; 80% (smoothed) of the 12,276 earlier new words [in 2of12id yes, "
        "in ENABLE yes, in an NYT Letter Boxed list no, capitalized in web2 no, inflects an "
        "accepted word yes, in words_alpha yes, in web2 no, Zipf 3.5-4] were accepted",
    ]


def test_rule_describe():
    assert Rule("score_forever", 0.6).describe() == (
        "a word eligible before is in when the sum of its verdicts (+1 accepted, "
        "-1 not) is positive (a tie goes to the last verdict); a new word is in when at least "
        "60% of earlier new words of its evidence bucket were accepted"
    )


def test_rule_describe_last_verdict():
    assert Rule("score_last", 0.35).describe() == (
        "a word eligible before is in when its last verdict was 'accepted'; a new word is in "
        "when at least 35% of earlier new words of its evidence bucket were accepted"
    )


@pytest.mark.parametrize(
    ("accepted", "predicted", "expected"),
    [
        ([1, 1, 0, 0, 1], [1, 0, 1, 0, 1], (2 / 3, 2 / 3, 2 / 3)),
        ([1, 1, 1, 1], [1, 1, 0, 0], (1.0, 0.5, 2 / 3)),
        ([1, 0, 0, 0], [1, 1, 1, 1], (0.25, 1.0, 0.4)),
        ([1, 1], [0, 0], (1.0, 0.0, 0.0)),  # nothing predicted: precision is vacuously 1
        ([0, 0], [1, 0], (0.0, 1.0, 0.0)),  # nothing accepted: recall is vacuously 1
        ([1, 0], [0, 1], (0.0, 0.0, 0.0)),
        ([0, 0], [0, 0], (1.0, 1.0, 1.0)),
    ],
)
def test_micro_scores(accepted, predicted, expected):
    con = warehouse.in_memory()
    scores = score_predictions(con, np.asarray(accepted, bool), [np.asarray(predicted, bool)])
    con.close()
    assert scores.columns[-3:] == ("precision", "recall", "f1")
    assert scores.rows[0][-3:] == pytest.approx(expected)


def test_the_best_prediction_comes_first_and_ties_go_to_the_earlier_one():
    con = warehouse.in_memory()
    accepted = np.asarray([1, 1, 0, 0], bool)
    predictions = [np.asarray(p, bool) for p in ([1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 0, 0])]
    scores = score_predictions(con, accepted, predictions)
    con.close()
    assert scores.column("position") == [1, 2, 0]


def test_grid_counts_are_the_counts_of_each_rules_own_decisions():
    rng = np.random.default_rng(7)
    size = 400
    prior = rng.integers(0, 4, size)
    rows = Evidence(
        {
            "prior_verdicts": prior,
            "last_accepted": rng.random(size) < 0.5,
            **{f"score_{tau}": rng.normal(0, 1, size) * (prior > 0) for tau in (180, 365, 730)},
            "score_1461": np.where(rng.random(size) < 0.2, 0.0, rng.normal(0, 1, size)),
            "score_last": rng.choice([-1.0, 0.0, 1.0], size),
            "score_forever": rng.integers(-3, 4, size).astype(float),
            "probability": rng.random(size),
            "new_word_rate": rng.random(size),
            "bucket_rate": rng.random(size),
            "guarded": rng.random(size) < 0.1,
            "accepted": rng.random(size) < 0.6,
        }
    )
    grid = rule_grid(model=True)
    expected = [
        (int(np.sum(decide(rows, rule) & rows["accepted"])), int(np.sum(decide(rows, rule))))
        for rule in grid
    ]
    assert grid_counts(rows, grid) == expected
    assert len(set(expected)) > 20  # the rules differ on these rows
