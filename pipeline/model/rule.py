"""The membership rule, pure: decayed verdicts or history-bucket rates for words judged before,
bucket rates for new words, and the offensive-word guard.

`decide` judges evidence rows (the columns `pipeline/model/evidence.py` computes); it reads no
file and no database, so the backtest and the build apply the very same function. Each row's
`probability` (its history bucket's rate, or its evidence bucket's for a new word) is the chance
the NYT accepts it; `maybe_band` picks the band of probabilities shown as "maybe".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial
from itertools import combinations, product

import numpy as np

SCORE_COLUMNS = (
    "score_last",
    "score_180",
    "score_365",
    "score_730",
    "score_1461",
    "score_forever",
    "probability",  # a word judged before is in when its history bucket's rate passes the threshold
)
NEW_WORD_THRESHOLDS = tuple(round(x, 2) for x in np.arange(0.30, 0.96, 0.05))
TIE = 1e-9  # a decayed score this close to 0 is a tie, broken by the last verdict
MAYBE_EDGES = (0.02, 0.05, *(float(round(x, 2)) for x in np.arange(0.1, 0.91, 0.05)), 0.95, 0.98)
# The most maybe words a puzzle shows on average on the validation year: 1.25, so that the next
# year stays under 1.5 (the band's width moves with the share of new words).
MAYBE_PER_PUZZLE = 1.25


@dataclass(frozen=True)
class Rule:
    """The membership rule: decayed verdicts for words seen before; for new words, the new-word
    model's probability (`model`), or their bucket's rate."""

    score_column: str
    new_word_threshold: float
    model: bool = False  # new words judged by the new-word model (pipeline/model/newword.py)

    def describe(self) -> str:
        """Return the rule in one sentence."""
        return (
            f"a word eligible before is in when {self._seen_word_test()}; {self._new_word_test()}"
        )

    def _new_word_test(self) -> str:
        """Return the test a new word must pass, in words."""
        if self.model:
            return (
                "a new word is in when the new-word model (a logistic regression on earlier new "
                f"words) gives it a probability of at least {self.new_word_threshold:.0%}"
            )
        return (
            f"a new word is in when at least {self.new_word_threshold:.0%} of earlier new words "
            "of its evidence bucket were accepted"
        )

    def _seen_word_test(self) -> str:
        """Return the test a word judged before must pass, in words."""
        if self.score_column == "probability":
            return (
                f"at least {self.new_word_threshold:.0%} of earlier verdicts on words with its "
                "history (last verdict, count, share accepted, age) were 'accepted'"
            )
        tau = self.score_column.removeprefix("score_")
        if tau == "last":
            return "its last verdict was 'accepted'"
        weighting = "" if tau == "forever" else f", each weighted by exp(-age/{tau} days),"
        return (
            f"the sum of its verdicts (+1 accepted, -1 not){weighting} is positive "
            "(a tie goes to the last verdict)"
        )


def rule_grid(model: bool = False) -> list[Rule]:
    """Return every rule the build chooses from, in the order ties are broken (`model`: new
    words judged by the new-word model)."""
    return [
        Rule(column, threshold, model)
        for column, threshold in product(SCORE_COLUMNS, NEW_WORD_THRESHOLDS)
    ]


@dataclass(frozen=True)
class Evidence:
    """Columns of evidence rows as arrays."""

    columns: dict[str, np.ndarray]

    def __getitem__(self, name: str) -> np.ndarray:
        return self.columns[name]

    def __len__(self) -> int:
        return len(next(iter(self.columns.values())))

    def rows_where(self, keep: np.ndarray) -> Evidence:
        """Return the rows where `keep` is True."""
        return Evidence({name: values[keep] for name, values in self.columns.items()})


@dataclass(frozen=True)
class MaybeBand:
    """The probabilities of the "maybe" tier: low <= probability < high."""

    low: float
    high: float

    def holds(self, probability: np.ndarray) -> np.ndarray:
        """Return, per probability, whether it lies in the band."""
        return (probability >= self.low) & (probability < self.high)

    def describe(self) -> str:
        """Return the band in words."""
        return f"a probability from {self.low:.2f} to under {self.high:.2f}"


def decide(evidence: Evidence, rule: Rule, *, guard: bool = True) -> np.ndarray:
    """Return, for every evidence row, whether the rule puts the word in the dictionary (`guard`:
    a word of the offensive-word list the NYT never accepted stays out)."""
    seen = evidence["prior_verdicts"] > 0
    decisions = np.where(
        seen, seen_word_decisions(evidence, rule), new_word_decisions(evidence, rule)
    )
    if guard:
        decisions &= ~guarded(evidence)
    return decisions


def seen_word_decisions(evidence: Evidence, rule: Rule) -> np.ndarray:
    """Return, per row, the rule's decision were the word eligible before."""
    if rule.score_column == "probability":
        return evidence["probability"] >= rule.new_word_threshold
    score = evidence[rule.score_column]
    last_accepted = evidence["last_accepted"].astype(bool)
    return (score > TIE) | ((np.abs(score) <= TIE) & last_accepted)


def seen_word_test(rule: Rule) -> tuple[str, float | None]:
    """Return what of a rule `seen_word_decisions` reads: rules alike in it decide alike."""
    threshold = rule.new_word_threshold if rule.score_column == "probability" else None
    return rule.score_column, threshold


def new_word_decisions(evidence: Evidence, rule: Rule) -> np.ndarray:
    """Return, per row, the rule's decision were the word new (of a rule, it reads the
    threshold)."""
    return new_word_rate(evidence) >= rule.new_word_threshold


def grid_counts(evidence: Evidence, grid: list[Rule]) -> list[tuple[int, int]]:
    """Return, per rule, how many rows `decide` puts in that the NYT accepted, and how many it
    puts in: the sums of its seen words' counts and its new words', each half counted once for
    the rules alike in it (a grid of 98 rules reads 21 halves, not 98 whole decisions)."""
    seen = evidence["prior_verdicts"] > 0
    shown = ~guarded(evidence)
    accepted = evidence["accepted"].astype(bool)

    def counts(part: np.ndarray, decisions: np.ndarray) -> tuple[int, int]:
        put_in = decisions & part
        return int(np.count_nonzero(put_in & accepted)), int(np.count_nonzero(put_in))

    seen_tests = {seen_word_test(rule): rule for rule in grid}  # a rule of each seen-word test
    thresholds = {rule.new_word_threshold: rule for rule in grid}
    seen_half = {
        test: counts(seen & shown, seen_word_decisions(evidence, rule))
        for test, rule in seen_tests.items()
    }
    new_half = {
        threshold: counts(~seen & shown, new_word_decisions(evidence, rule))
        for threshold, rule in thresholds.items()
    }
    return [
        sum_of_counts(seen_half[seen_word_test(rule)], new_half[rule.new_word_threshold])
        for rule in grid
    ]


def sum_of_counts(one: tuple[int, int], other: tuple[int, int]) -> tuple[int, int]:
    """Return two (accepted, put in) counts added up."""
    return one[0] + other[0], one[1] + other[1]


def new_word_rate(evidence: Evidence) -> np.ndarray:
    """Return each row's new-word probability: the new-word model's, or its bucket's rate."""
    if "new_word_rate" in evidence.columns:
        return evidence["new_word_rate"]
    return evidence["bucket_rate"]


def rounded_new_word_rates(evidence: Evidence) -> list[float]:
    """Return the new-word probabilities to two places, as the reasons show them (so that the
    reasons of words alike are written once)."""
    return np.round(new_word_rate(evidence), 2).tolist()


def guarded(evidence: Evidence) -> np.ndarray:
    """Return, per row, whether the offensive-word guard keeps the word out."""
    if "guarded" not in evidence.columns:
        return np.zeros(len(evidence), dtype=bool)
    return evidence["guarded"].astype(bool)


def maybe_band(
    probability: np.ndarray, errors: np.ndarray, shown: np.ndarray, puzzles: int
) -> MaybeBand:
    """Return the band of probabilities that holds the most errors while showing at most
    MAYBE_PER_PUZZLE words per puzzle on average; ties go to the band showing fewer words.

    `errors` marks the rows the dictionary gets wrong, `shown` the rows the tier may show (the
    guarded words never are)."""
    best: tuple[int, int, MaybeBand] = (0, 0, MaybeBand(0.5, 0.5))
    budget = MAYBE_PER_PUZZLE * puzzles
    shown_below = rows_below(probability[shown])
    errors_below = rows_below(probability[shown & errors])
    for low, high in combinations(MAYBE_EDGES, 2):
        words = shown_below[high] - shown_below[low]  # low <= probability < high, as in holds
        held = errors_below[high] - errors_below[low]
        if words <= budget and (held, -words) > (best[0], -best[1]):
            best = (held, words, MaybeBand(low, high))
    return best[2]


def rows_below(probability: np.ndarray) -> dict[float, int]:
    """Return, per maybe edge, how many of the probabilities lie below it."""
    below = np.searchsorted(np.sort(probability), MAYBE_EDGES, side="left")
    return dict(zip(MAYBE_EDGES, below.tolist(), strict=True))


REASON_COLUMNS = (
    "prior_verdicts",
    "prior_accepted",
    "history_rate",
    "history_bucket",
    "bucket_rate",
    "bucket_size",
    "bucket",
    "new_word_rate",
)


def reasons(
    evidence: Evidence, rule: Rule, decisions: np.ndarray, flag_names: tuple[str, ...]
) -> list[str]:
    """Return a short reason per row for its decision (each distinct one written once: most
    rows share theirs); `flag_names`: the evidence bucket's flags, most significant first."""
    columns = [
        evidence[name].tolist() if name != "new_word_rate" else rounded_new_word_rates(evidence)
        for name in (*REASON_COLUMNS, rule.score_column)
    ]
    reason_for = cache(partial(_reason, rule, flag_names))
    return [
        reason_for(*row)
        for row in zip(decisions.tolist(), guarded(evidence).tolist(), *columns, strict=True)
    ]


def _reason(
    rule: Rule,
    flag_names: tuple[str, ...],
    included: bool,
    kept_out: bool,
    prior_verdicts: int,
    prior_accepted: int,
    history_rate: float,
    history_bucket: str,
    bucket_rate: float,
    bucket_size: int,
    bucket: str,
    new_word_probability: float,
    score: float,
) -> str:
    """Return the reason for one row's decision."""
    verdict = "in" if included else "out"
    if kept_out:
        return "out: on the offensive-word list (LDNOOBW) and never accepted by the NYT"
    if prior_verdicts > 0:
        if rule.score_column == "probability":
            measure = (
                f"{history_rate:.0%} (smoothed) of earlier verdicts on words with "
                f"its history [{history_bucket}] were 'accepted'"
            )
        else:
            measure = f"{rule.score_column} = {score:+.2f}"
        return (
            f"{verdict}: accepted in {int(prior_accepted):,} of "
            f"{int(prior_verdicts):,} puzzles where it was eligible, {measure}"
        )
    earlier = (
        f"{bucket_rate:.0%} (smoothed) of the {int(bucket_size):,} earlier new words "
        f"{describe_bucket(bucket, flag_names)} were accepted"
    )
    if rule.model:
        return f"{verdict}: never eligible; the new-word model gives {new_word_probability:.2f} ({earlier})"
    return f"{verdict}: never eligible; {earlier}"


@cache
def describe_bucket(bucket: str, flag_names: tuple[str, ...]) -> str:
    """Return an evidence bucket code (flags '1011001' @ Zipf bin) in words."""
    flags, zipf_bin = bucket.split("@")
    answers = [
        f"{name} {'yes' if flag == '1' else 'no'}"
        for name, flag in zip(flag_names, flags, strict=True)
    ]
    return f"[{', '.join(answers)}, Zipf {zipf_bin}-{float(zipf_bin) + 0.5:g}]"
