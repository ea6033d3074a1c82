"""The membership rule, pure: decayed verdicts for words judged before, bucket rates for new words.

`decide` judges evidence rows (the columns `sql/build/evidence_rows.sql` computes); it reads no
file and no database, so the backtest and the build apply the very same function.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np

SCORE_COLUMNS = ("score_last", "score_180", "score_365", "score_730", "score_1461", "score_forever")
NEW_WORD_THRESHOLDS = tuple(round(x, 2) for x in np.arange(0.30, 0.96, 0.05))
TIE = 1e-9  # a decayed score this close to 0 is a tie, broken by the last verdict
BUCKET_FLAGS = (
    "in 2of12id",
    "in ENABLE",
    "in an NYT Letter Boxed list",
    "capitalized in web2",
    "inflects an accepted word",
    "in words_alpha",
    "in web2",
)


@dataclass(frozen=True)
class Rule:
    """The membership rule: decayed verdicts for words seen before, bucket rates for new words."""

    score_column: str
    new_word_threshold: float

    def describe(self) -> str:
        """Return the rule in one sentence."""
        return (
            f"a word eligible before is in when {self._seen_word_test()}; a new word is in when at least "
            f"{self.new_word_threshold:.0%} of earlier new words of its evidence bucket were accepted"
        )

    def _seen_word_test(self) -> str:
        """Return the test a word judged before must pass, in words."""
        tau = self.score_column.removeprefix("score_")
        if tau == "last":
            return "its last verdict was 'accepted'"
        weighting = "" if tau == "forever" else f", each weighted by exp(-age/{tau} days),"
        return (
            f"the sum of its verdicts (+1 accepted, -1 not){weighting} is positive "
            "(a tie goes to the last verdict)"
        )


def rule_grid() -> list[Rule]:
    """Return every rule the build chooses from, in the order ties are broken."""
    return [
        Rule(column, threshold) for column, threshold in product(SCORE_COLUMNS, NEW_WORD_THRESHOLDS)
    ]


@dataclass(frozen=True)
class Evidence:
    """Columns of evidence rows as arrays."""

    columns: dict[str, np.ndarray]

    def __getitem__(self, name: str) -> np.ndarray:
        return self.columns[name]

    def __len__(self) -> int:
        return len(self.columns["word"])

    def rows_where(self, keep: np.ndarray) -> Evidence:
        """Return the rows where `keep` is True."""
        return Evidence({name: values[keep] for name, values in self.columns.items()})


def decide(evidence: Evidence, rule: Rule) -> np.ndarray:
    """Return, for every evidence row, whether the rule puts the word in the dictionary."""
    seen = evidence["prior_verdicts"] > 0
    score = evidence[rule.score_column]
    last_accepted = evidence["last_accepted"].astype(bool)
    seen_decision = (score > TIE) | ((np.abs(score) <= TIE) & last_accepted)
    new_decision = evidence["bucket_rate"] >= rule.new_word_threshold
    return np.where(seen, seen_decision, new_decision)


def reasons(evidence: Evidence, rule: Rule, decisions: np.ndarray) -> list[str]:
    """Return a short reason per row for its decision."""
    return [_reason(evidence, rule, i, bool(decisions[i])) for i in range(len(evidence))]


def _reason(evidence: Evidence, rule: Rule, i: int, included: bool) -> str:
    """Return the reason for one row's decision."""
    verdict = "in" if included else "out"
    if evidence["prior_verdicts"][i] > 0:
        return (
            f"{verdict}: accepted in {int(evidence['prior_accepted'][i])} of "
            f"{int(evidence['prior_verdicts'][i])} puzzles where it was eligible, "
            f"{rule.score_column} = {evidence[rule.score_column][i]:+.2f}"
        )
    return (
        f"{verdict}: never eligible; {evidence['bucket_rate'][i]:.0%} (smoothed) of the "
        f"{int(evidence['bucket_size'][i])} earlier new words "
        f"{describe_bucket(evidence['bucket'][i])} were accepted"
    )


def describe_bucket(bucket: str) -> str:
    """Return an evidence bucket code (flags '1011001' @ Zipf bin) in words."""
    flags, zipf_bin = bucket.split("@")
    answers = [
        f"{name} {'yes' if flag == '1' else 'no'}"
        for name, flag in zip(BUCKET_FLAGS, flags, strict=True)
    ]
    return f"[{', '.join(answers)}, Zipf {zipf_bin}-{float(zipf_bin) + 0.5:g}]"
