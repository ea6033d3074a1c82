"""The build stage: evidence per word, a rule chosen by backtest, and the custom word lists.

The same function, `rule.decide`, judges every evidence row: the backtest rows (a past puzzle's
eligible word, judged on evidence from before that puzzle) and the build rows (every word, judged
on all the evidence, as of the day after the archive ends). Each row carries its probability (from
the same SQL); the hand edits (`pipeline/edits.py`) then decide the words they name, in the final
lists only. Beside each list the build writes its "maybe" words: those whose probability lies in
the band chosen on the validation year.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass

import numpy as np

from pipeline import progress
from pipeline.errors import UserError
from pipeline.games import Game
from pipeline.games.hooks import hooks_of
from pipeline.model.evidence import (
    HISTORY_BUCKETS,
    WordFeatures,
    bucket_names,
    evidence_rows,
)
from pipeline.model.rule import (
    Evidence,
    MaybeBand,
    Rule,
    decide,
    guarded,
    maybe_band,
    reasons,
    rule_grid,
)
from pipeline.stages.stage import prepare_stage
from pipeline.storage import custom_lists, warehouse
from pipeline.storage.edits import Edit, edit_columns
from pipeline.storage.warehouse import Connection
from pipeline.table import Table

VALIDATION_YEARS = 1
EPOCH = dt.date(1970, 1, 1)  # dates cross to DuckDB as day numbers (numpy dates do not)


@dataclass(frozen=True)
class BuildSummary:
    """What the build chose and produced for one game."""

    game: Game
    rule: Rule
    validation: dict[str, float]  # micro precision, recall and F1 on the validation year
    words: list[str]  # the custom list, sorted
    band: MaybeBand  # the maybe tier's probabilities, chosen on the validation year
    maybe: list[tuple[str, float, bool]]  # (word, probability, included) in the band, by word


def build_record(summary: BuildSummary) -> dict:
    """Return what the build chose for one game: its word count, rule and validation scores."""
    return {
        "words": len(summary.words),
        "validation": summary.validation,
        "rule": {
            "score_column": summary.rule.score_column,
            "new_word_threshold": summary.rule.new_word_threshold,
            "description": summary.rule.describe(),
        },
    }


def build(
    con: Connection, games: tuple[Game, ...], build_id: str, edits: list[Edit] | None = None
) -> list[BuildSummary]:
    """Build the games' dictionaries, and stage their word lists (storage/custom_lists.py)."""
    warehouse.require_tables(con, "words", stage_hint="pipeline words")
    warehouse.run(con, "build/memory_limit")
    prepare_stage(con)  # older build tables are dropped here (upgrade 3)
    warehouse.create_missing_tables(con, "build")
    summaries = [build_game(con, game, build_id, edits or []) for game in games]
    for summary in summaries:
        custom_lists.stage_word_list(summary.game, summary.words, build_id)
        custom_lists.stage_maybe_list(summary.game, summary.maybe, build_id)
    return summaries


def build_game(con: Connection, game: Game, build_id: str, edits: list[Edit]) -> BuildSummary:
    """Build one game's evidence, choose its rule, store its backtest and custom words."""
    edited = edit_columns(edits, game)
    past = judge_the_past(con, game, edited["word"])
    current, rule, band = past.current, past.rule, past.band
    chosen = decide(current, rule)
    why = reasons(current, rule, chosen)
    by_hand = apply_edits(current, chosen, why, edited)
    maybe = band.holds(current["probability"]) & ~guarded(current) & ~by_hand
    decisions = Decisions(current, chosen, why, by_hand, maybe)
    store_custom_words(con, game, decisions, past.verdict_days, rule)
    store_rule(con, game, rule, band, build_id, edited)
    words = sorted(str(word) for word, keep in zip(current["word"], chosen, strict=True) if keep)
    maybe_rows = sorted(
        (str(word), float(probability), bool(included))
        for word, probability, included in zip(
            current["word"][maybe], current["probability"][maybe], chosen[maybe], strict=True
        )
    )
    return BuildSummary(game, rule, past.validation, words, band, maybe_rows)


@dataclass(frozen=True)
class ThePast:
    """What the build keeps of the past verdicts once the backtest is stored (their own arrays,
    the build's largest, are freed): the rule and band chosen on them, the evidence of every word
    as of the day after the archive, and each word's last verdict days."""

    rule: Rule
    band: MaybeBand
    validation: dict[str, float]
    current: Evidence
    verdict_days: dict[str, np.ndarray]


def judge_the_past(con: Connection, game: Game, edited_words: list[str]) -> ThePast:
    """Compute the evidence, choose the rule and the maybe band on the validation year, and store
    the backtest: every past verdict with the rule's prediction."""
    last = last_archive_date(con, game)
    with progress.step(f"{game.name}: evidence for every eligible word of every past puzzle"):
        history, current = build_evidence(con, game, last + dt.timedelta(days=1), edited_words)
    validation_from, validation_until = validation_window(last)
    with progress.step(
        f"{game.name}: choosing the rule on {validation_from} .. {validation_until}"
    ):
        rule, validation = choose_rule(con, history, validation_from, validation_until)
        history_decisions = decide(history, rule)
        band = choose_band(history, history_decisions, validation_from, validation_until)
    progress.note(f"rule: {rule.describe()}; maybe: {band.describe()}")
    verdict_days = last_verdict_days(history, len(current))
    backtest = backtest_rows(history, history_decisions, rule)
    del history, history_decisions  # their scores and buckets, hundreds of MB, are not stored
    store_backtest(con, game, backtest)
    return ThePast(rule, band, validation, current, verdict_days)


def choose_band(
    evidence: Evidence, decisions: np.ndarray, validation_from: dt.date, validation_until: dt.date
) -> MaybeBand:
    """Return the maybe band that holds the most of the validation year's errors (rule.maybe_band)."""
    window = rows_between(evidence, validation_from, validation_until)
    errors = decisions[window] != evidence["accepted"][window]
    shown = ~guarded(evidence)[window]
    puzzles = len(np.unique(evidence["day"][window]))
    return maybe_band(evidence["probability"][window], errors, shown, max(puzzles, 1))


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


def build_evidence(
    con: Connection, game: Game, as_of: dt.date, edited_words: list[str] | None = None
) -> tuple[Evidence, Evidence]:
    """Return the evidence of every verdict before `as_of`, and of every universe word at `as_of`
    (pipeline/evidence.py; the hand-edited words join the universe)."""
    warehouse.run(
        con,
        "build/universe",
        {"game": game.name, "min_length": game.min_length, "edited_words": edited_words or []},
    )
    features = word_features(con)
    verdicts = hooks_of(game).verdicts(con, as_of, features.words)
    return evidence_rows(verdicts, features, day_number(as_of))


def word_features(con: Connection) -> WordFeatures:
    """Fetch what the evidence knows of each universe word before any verdict."""
    words = [word for (word,) in warehouse.run(con, "build/universe_words").fetchall()]
    warehouse.run(con, "build/word_stems")
    columns = warehouse.run(con, "build/word_features").fetchnumpy()
    stems = warehouse.run(con, "build/stem_pairs").fetchnumpy()
    return WordFeatures(
        words=words,
        flags=np.asarray(columns["flags"]),
        zipf_bin=np.asarray(columns["zipf_bin"]),
        first_listed=np.asarray(columns["first_listed"]),
        offensive=np.asarray(columns["offensive"]),
        stem_of=(np.asarray(stems["word_id"]), np.asarray(stems["stem_id"])),
    )


def rows_between(evidence: Evidence, first: dt.date, last: dt.date) -> np.ndarray:
    """Return, per evidence row, whether its day lies from `first` to `last`."""
    day = evidence["day"]
    return (day >= day_number(first)) & (day <= day_number(last))


def day_number(date: dt.date) -> int:
    """Return a date's day number since 1970-01-01 (the evidence's days)."""
    return (date - EPOCH).days


def validation_window(last_date: dt.date) -> tuple[dt.date, dt.date]:
    """Return the year before the last year of the archive: rules are chosen there, judged after."""
    test_from = last_date - dt.timedelta(days=364)
    return test_from - dt.timedelta(days=365 * VALIDATION_YEARS), test_from - dt.timedelta(days=1)


def choose_rule(
    con: Connection, evidence: Evidence, validation_from: dt.date, validation_until: dt.date
) -> tuple[Rule, dict[str, float]]:
    """Return the rule of the grid with the best micro F1 on the validation window, and its scores."""
    subset = evidence.rows_where(rows_between(evidence, validation_from, validation_until))
    grid = rule_grid()
    scores = score_predictions(con, subset["accepted"], [decide(subset, rule) for rule in grid])
    position, *_, precision, recall, f1 = scores.rows[0]
    return grid[position], {"precision": precision, "recall": recall, "f1": f1}


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
    warehouse.hand_over(
        con,
        "rule_counts",
        {
            "position": list(range(len(predictions))),
            "hits": [hits for hits, _ in counts],
            "predicted": [predicted for _, predicted in counts],
            "answers": [int(np.sum(accepted))] * len(predictions),
        },
    )
    scores = warehouse.query(con, "build/rule_scores")
    warehouse.release(con, "rule_counts")
    return scores


def last_archive_date(con: Connection, game: Game) -> dt.date:
    """Return the last date of a game's archive."""
    table = game.table("puzzles")
    warehouse.require_tables(con, table, stage_hint="pipeline scrape")
    last = warehouse.run(con, "build/last_archive_date", {"puzzles_table": table}).fetchall()[0][0]
    if last is None:
        raise UserError(f"the {table} table is empty: run `pipeline scrape` first")
    return last


@dataclass(frozen=True)
class Decisions:
    """The build's rows (every word, as of the day after the archive) and what became of them."""

    evidence: Evidence
    included: np.ndarray
    reasons: list[str]
    by_hand: np.ndarray  # decided by a hand edit
    maybe: np.ndarray  # in the maybe tier


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
    }


def store_backtest(con: Connection, game: Game, rows: dict[str, np.ndarray]) -> None:
    """Replace the game's backtest rows: every past verdict with the rule's prediction."""
    warehouse.hand_over(con, "backtest_rows", rows)
    warehouse.run(con, "build/backtest", {"game": game.name})
    warehouse.release(con, "backtest_rows")


def store_custom_words(
    con: Connection,
    game: Game,
    current: Decisions,
    verdict_days: dict[str, np.ndarray],
    rule: Rule,
) -> None:
    """Replace the game's custom words: every universe word with its decision and evidence."""
    now = current.evidence
    warehouse.hand_over(
        con,
        "decision_rows",
        {
            "word_id": np.arange(len(now), dtype=np.int32),  # the build's rows come by word id
            **verdict_days,
            "included": current.included,
            "prior_verdicts": now["prior_verdicts"],
            "prior_accepted": now["prior_accepted"],
            "last_accepted": now["last_accepted"],
            "score": now[rule.score_column].astype(float),
            "bucket_code": now["bucket_code"],
            "bucket_size": now["bucket_size"],
            "bucket_rate": now["bucket_rate"],
            "history_code": now["history_code"],
            "history_size": now["history_size"],
            "probability": now["probability"].astype(float),
            "guarded": now["guarded"],
            "edited": current.by_hand,
            "maybe": current.maybe,
            "reason": current.reasons,
        },
    )
    warehouse.run(
        con,
        "build/custom_words",
        {
            "game": game.name,
            "bucket_names": bucket_names(),
            "history_bucket_names": list(HISTORY_BUCKETS),
        },
    )
    warehouse.release(con, "decision_rows")
    warehouse.run(con, "build/drop_game_tables")


def store_rule(
    con: Connection,
    game: Game,
    rule: Rule,
    band: MaybeBand,
    build_id: str,
    edited: dict[str, list],
) -> None:
    """Replace the game's hand edits and its rule (with the build id of its word lists)."""
    warehouse.hand_over(con, "edit_rows", edited)
    warehouse.run(con, "build/dictionary_edits", {"game": game.name})
    warehouse.release(con, "edit_rows")
    warehouse.run(
        con,
        "build/dictionary_rules",
        {
            "game": game.name,
            "score_column": rule.score_column,
            "threshold": float(rule.new_word_threshold),
            "maybe_low": band.low,
            "maybe_high": band.high,
            "description": rule.describe(),
            "build_id": build_id,
        },
    )


def last_verdict_days(history: Evidence, words: int) -> dict[str, np.ndarray]:
    """Return, per word id, the day of its last verdict, last acceptance and last rejection
    (-1 where there is none)."""
    days = {}
    for name, rows in (
        ("last_verdict_day", np.ones(len(history), dtype=bool)),
        ("last_accepted_day", history["accepted"]),
        ("last_rejected_day", ~history["accepted"]),
    ):
        last = np.full(words, -1, dtype=np.int32)
        np.maximum.at(last, history["word_id"][rows], history["day"][rows])
        days[name] = last
    return days


def split_predictions(con: Connection, game: Game, train_until: dt.date, rule: Rule) -> None:
    """Create the temp table split_predictions(date, word, accepted, predicted): a single split.

    The dictionary is built by the same code as the real build, from the evidence up to
    `train_until` only, and judged on every later puzzle of the game's backtest.
    """
    _, current = build_evidence(con, game, train_until + dt.timedelta(days=1))
    warehouse.hand_over(
        con, "split_decisions", {"word": current["word"], "included": decide(current, rule)}
    )
    warehouse.run(con, "build/split_predictions", {"game": game.name, "train_until": train_until})


def new_build_id() -> str:
    """Return a fresh build id: the UTC time and the process id."""
    return f"{dt.datetime.now(dt.UTC):%Y%m%dT%H%M%S%f}-{os.getpid()}"


def require_backtest(con: Connection, game: Game) -> None:
    """Raise a UserError unless the build wrote the backtest, custom words and word lists."""
    warehouse.require_tables(con, "backtest", "custom_words", "words", stage_hint="pipeline build")
    missing = warehouse.query(con, "report/missing_columns").column("name")
    if missing:
        raise UserError(
            f"the backtest table has no {', '.join(missing)} column: it was built by an "
            f"older version, run `pipeline build {game.name}` again"
        )
