"""The build's rule: chosen on the validation year by micro F1 (the scores computed by the SQL
macros, their one home), the maybe band beside it, the backtest's rows judged by it, and the
scores of the year after."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import numpy as np

from pipeline import progress
from pipeline.dates import day_number, validation_window
from pipeline.games import Game
from pipeline.model.rule import (
    Evidence,
    MaybeBand,
    Rule,
    decide,
    grid_counts,
    guarded,
    maybe_band,
    rule_grid,
)
from pipeline.stages.build_evidence import (
    LeftOut,
    game_evidence,
    last_archive_date,
    last_verdict_days,
    uses_new_word_model,
)
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection
from pipeline.table import Table


@dataclass(frozen=True)
class TestYear:
    """The backtest's scores on the year after the one the rule is chosen on (the window
    `pipeline report` scores by default): micro precision, recall and F1 over every pair and
    over the new words' pairs."""

    first: dt.date
    last: dt.date
    scores: dict[str, float]
    new_words: dict[str, float]

    def record(self) -> dict:
        """Return the year as JSON: its dates and both sets of scores."""
        return {"since": self.first, "until": self.last, **self.scores, "new_words": self.new_words}


NOT_SCORED = TestYear(dt.date.min, dt.date.min, {}, {})  # until the game's backtest is stored


@dataclass(frozen=True)
class RuleAndBacktest:
    """What the build keeps of the past verdicts once the rule is chosen (their own arrays, the
    build's largest, are freed): the rule and band chosen on them, the backtest's rows (stored
    once the custom words are), the evidence of every word as of the day after the archive, and
    each word's last verdict days."""

    rule: Rule
    band: MaybeBand
    validation: dict[str, float]
    new_words: dict[str, float]
    current: Evidence
    verdict_days: dict[str, np.ndarray]
    left_out: LeftOut
    factor_names: list[str]
    backtest: dict[str, np.ndarray]
    test_from: dt.date  # the year after the validation year
    test_until: dt.date


def choose_rule_and_backtest(
    con: Connection, game: Game, edited_words: list[str], elsewhere: LeftOut | None = None
) -> RuleAndBacktest:
    """Compute the evidence, choose the rule and the maybe band on the validation year, and judge
    the backtest: every past verdict with the rule's prediction."""
    last = last_archive_date(con, game)
    with progress.step(f"{game.name}: evidence for every eligible word of every past puzzle"):
        found = game_evidence(con, game, last + dt.timedelta(days=1), edited_words, elsewhere)
        history, current = found.history, found.current
    validation_from, validation_until = validation_window(last)
    with progress.step(
        f"{game.name}: choosing the rule on {validation_from} .. {validation_until}"
    ):
        grid = rule_grid(uses_new_word_model(game))
        rule, validation = choose_rule(con, history, validation_from, validation_until, grid)
        history_decisions = decide(history, rule)
        new_words = new_word_scores(
            con, history, history_decisions, validation_from, validation_until
        )
        band = choose_band(history, history_decisions, validation_from, validation_until)
    progress.note(f"rule: {rule.describe()}; maybe: {band.describe()}")
    verdict_days = last_verdict_days(history, len(current))
    backtest = backtest_rows(history, history_decisions, rule)
    del history, history_decisions  # their scores and buckets, hundreds of MB, are not stored
    return RuleAndBacktest(
        rule,
        band,
        validation,
        new_words,
        current,
        verdict_days,
        found.left_out,
        found.factor_names,
        backtest,
        validation_until + dt.timedelta(days=1),
        last,
    )


def rows_between(evidence: Evidence, first: dt.date, last: dt.date) -> np.ndarray:
    """Return, per evidence row, whether its day lies from `first` to `last`."""
    day = evidence["day"]
    return (day >= day_number(first)) & (day <= day_number(last))


def choose_rule(
    con: Connection,
    evidence: Evidence,
    validation_from: dt.date,
    validation_until: dt.date,
    grid: list[Rule] | None = None,
) -> tuple[Rule, dict[str, float]]:
    """Return the rule of the grid with the best micro F1 on the validation window, and its scores."""
    subset = evidence.rows_where(rows_between(evidence, validation_from, validation_until))
    grid = grid or rule_grid()
    answers = int(np.count_nonzero(subset["accepted"]))
    scores = score_counts(con, grid_counts(subset, grid), answers)
    best = scores.records()[0]
    return grid[best.position], {"precision": best.precision, "recall": best.recall, "f1": best.f1}


def new_word_scores(
    con: Connection,
    evidence: Evidence,
    decisions: np.ndarray,
    validation_from: dt.date,
    validation_until: dt.date,
) -> dict[str, float]:
    """Return the micro precision, recall and F1 of the decisions on the validation window's new
    words (the pairs of words never eligible before)."""
    rows = rows_between(evidence, validation_from, validation_until)
    rows &= evidence["prior_verdicts"] == 0
    found = score_predictions(con, evidence["accepted"][rows], [decisions[rows]])
    scored = found.records()[0]
    return {"precision": scored.precision, "recall": scored.recall, "f1": scored.f1}


def score_predictions(
    con: Connection, accepted: np.ndarray, predictions: list[np.ndarray]
) -> Table:
    """Return micro precision, recall and F1 of each prediction against the verdicts, best first
    (by the SQL macros, the one home of these scores); `position` indexes `predictions`."""
    accepted = accepted.astype(bool)
    counts = [
        (int(np.sum(accepted & predicted)), int(np.sum(predicted)))
        for predicted in (p.astype(bool) for p in predictions)
    ]
    return score_counts(con, counts, int(np.sum(accepted)))


def score_counts(con: Connection, counts: list[tuple[int, int]], answers: int) -> Table:
    """Return micro precision, recall and F1 of predictions given by their counts (accepted and
    put in, put in) against `answers` accepted rows, best first (`score_predictions`)."""
    warehouse.hand_over(
        con,
        "rule_counts",
        {
            "position": list(range(len(counts))),
            "hits": [hits for hits, _ in counts],
            "predicted": [predicted for _, predicted in counts],
            "answers": [answers] * len(counts),
        },
    )
    scores = warehouse.query(con, "build/rule_scores")
    warehouse.release(con, "rule_counts")
    return scores


def choose_band(
    evidence: Evidence, decisions: np.ndarray, validation_from: dt.date, validation_until: dt.date
) -> MaybeBand:
    """Return the maybe band that holds the most of the validation year's errors (rule.maybe_band)."""
    window = rows_between(evidence, validation_from, validation_until)
    errors = decisions[window] != evidence["accepted"][window]
    shown = ~guarded(evidence)[window]
    puzzles = len(np.unique(evidence["day"][window]))
    return maybe_band(evidence["probability"][window], errors, shown, max(puzzles, 1))


def test_year_scores(con: Connection, game: Game, first: dt.date, last: dt.date) -> TestYear:
    """Return the stored backtest's scores from `first` to `last`, every pair and new words."""
    params = {"game": game.name, "first": first, "last": last}
    rows = warehouse.run(con, "build/test_year_scores", params).fetchall()
    scores = {kind: {"precision": p, "recall": r, "f1": f1} for kind, p, r, f1 in rows}
    empty = {"precision": 1.0, "recall": 1.0, "f1": 1.0}  # no pair: nothing wrong
    return TestYear(first, last, scores.get("all", empty), scores.get("new", empty))


def backtest_rows(history: Evidence, decisions: np.ndarray, rule: Rule) -> dict[str, np.ndarray]:
    """Return the columns the backtest stores of each past verdict, with the rule's prediction
    and whether the offensive-word guard changed it."""
    return {
        "day": history["day"],
        "word_id": history["word_id"],
        "accepted": history["accepted"],
        "predicted": decisions.astype(bool),
        "prior_verdicts": history["prior_verdicts"],
        "prior_accepted": history["prior_accepted"],
        "last_accepted": history["last_accepted"],
        "probability": history["probability"],
        "guarded": history["guarded"],
        "guard_changed": decide(history, rule, guard=False) & ~decisions,
        "word_order": history["word_order"],
    }


def apply_edits(
    evidence: Evidence, decisions: np.ndarray, why: list[str], edited: dict[str, list]
) -> np.ndarray:
    """Force the edited words in or out (in place, with their reasons); return which rows were."""
    by_hand = np.zeros(len(evidence), dtype=bool)
    edits = dict(
        zip(edited["word"], zip(edited["included"], edited["reason"], strict=True), strict=True)
    )
    for i, word in enumerate(evidence["word"]):
        if word in edits:
            included, reason = edits[word]
            decisions[i] = included
            why[i] = f"{'in' if included else 'out'} by hand edit: {reason}"
            by_hand[i] = True
    return by_hand
