"""The build stage: evidence per word, a rule chosen by backtest, and the custom word lists.

The same function, `decide`, judges every row of `evidence_rows`: the backtest rows (a past
puzzle's eligible word, judged on evidence from before that puzzle) and the build rows (every
word, judged on all the evidence, as of the day after the archive ends).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from itertools import product

import duckdb
import numpy as np

from pipeline import config, progress, warehouse

GAMES = ("spelling-bee", "letter-boxed")
MIN_LENGTH = {"spelling-bee": 4, "letter-boxed": 3}
TABLE_PREFIX = {"spelling-bee": "spelling_bee", "letter-boxed": "letter_boxed"}
SCORE_COLUMNS = ("score_last", "score_180", "score_365", "score_730", "score_1461", "score_forever")
NEW_WORD_THRESHOLDS = tuple(round(x, 2) for x in np.arange(0.30, 0.96, 0.05))
VALIDATION_YEARS = 1
EVIDENCE_COLUMNS = (
    "word",
    "as_of",
    "accepted",
    "prior_verdicts",
    "prior_accepted",
    "last_accepted",
    *SCORE_COLUMNS,
    "bucket",
    "bucket_size",
    "bucket_rate",
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
        tau = self.score_column.removeprefix("score_")
        if tau == "last":
            return "its last verdict was 'accepted'"
        weighting = "" if tau == "forever" else f", each weighted by exp(-age/{tau} days),"
        return (
            f"the sum of its verdicts (+1 accepted, -1 not){weighting} is positive "
            "(a tie goes to the last verdict)"
        )


@dataclass(frozen=True)
class Evidence:
    """Columns of evidence_rows as arrays."""

    columns: dict[str, np.ndarray]

    def __getitem__(self, name: str) -> np.ndarray:
        return self.columns[name]

    def __len__(self) -> int:
        return len(self.columns["word"])


def decide(evidence: Evidence, rule: Rule) -> np.ndarray:
    """Return, for every evidence row, whether the rule puts the word in the dictionary."""
    seen = evidence["prior_verdicts"] > 0
    score = evidence[rule.score_column]
    last_accepted = evidence["last_accepted"].astype(bool)
    seen_decision = (score > 1e-9) | ((np.abs(score) <= 1e-9) & last_accepted)
    new_decision = evidence["bucket_rate"] >= rule.new_word_threshold
    return np.where(seen, seen_decision, new_decision)


def reasons(evidence: Evidence, rule: Rule, decisions: np.ndarray) -> list[str]:
    """Return a short reason per row for its decision."""
    out = []
    for i in range(len(evidence)):
        verdict = "in" if decisions[i] else "out"
        if evidence["prior_verdicts"][i] > 0:
            out.append(
                f"{verdict}: accepted in {int(evidence['prior_accepted'][i])} of "
                f"{int(evidence['prior_verdicts'][i])} puzzles where it was eligible, "
                f"{rule.score_column} = {evidence[rule.score_column][i]:+.2f}"
            )
        else:
            out.append(
                f"{verdict}: never eligible; {evidence['bucket_rate'][i]:.0%} (smoothed) of the "
                f"{int(evidence['bucket_size'][i])} earlier new words "
                f"{describe_bucket(evidence['bucket'][i])} were accepted"
            )
    return out


BUCKET_FLAGS = (
    "in 2of12id",
    "in ENABLE",
    "in an NYT Letter Boxed list",
    "capitalized in web2",
    "inflects an accepted word",
    "in words_alpha",
    "in web2",
)


def describe_bucket(bucket: str) -> str:
    """Return an evidence bucket code (flags '1011001' @ Zipf bin) in words."""
    flags, zipf_bin = bucket.split("@")
    answers = [
        f"{name} {'yes' if flag == '1' else 'no'}"
        for name, flag in zip(BUCKET_FLAGS, flags, strict=True)
    ]
    return f"[{', '.join(answers)}, Zipf {zipf_bin}-{float(zipf_bin) + 0.5:g}]"


def micro_scores(accepted: np.ndarray, predicted: np.ndarray) -> dict[str, float]:
    """Return micro precision, recall and F1 of predictions against verdicts."""
    true_positives = int(np.sum(accepted & predicted))
    predicted_count = int(np.sum(predicted))
    accepted_count = int(np.sum(accepted))
    precision = true_positives / predicted_count if predicted_count else 1.0
    recall = true_positives / accepted_count if accepted_count else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1}


def build_evidence(con: duckdb.DuckDBPyConnection, game: str, as_of: dt.date) -> None:
    """Create the temp tables verdict_rows and evidence_rows for a game.

    verdict_rows holds every verdict before `as_of` and one build row per word at `as_of`.
    """
    if game == "spelling-bee":
        warehouse.run(con, "dictionary_spelling_bee_rows")
        con.execute(
            "CREATE OR REPLACE TEMP TABLE eligible_pairs AS " + warehouse.sql("spelling_bee_solve")
        )
        warehouse.run(con, "dictionary_spelling_bee_verdicts", {"as_of": as_of})
    else:
        warehouse.run(con, "dictionary_letter_boxed_rows", {"as_of": as_of})
    con.execute(
        "DELETE FROM verdict_rows WHERE accepted IS NOT NULL AND as_of >= $as_of", {"as_of": as_of}
    )
    warehouse.run(con, "dictionary_evidence")


def split_predictions(
    con: duckdb.DuckDBPyConnection, game: str, train_until: dt.date, rule: Rule
) -> None:
    """Create the temp table split_predictions(date, word, accepted, predicted): a single split.

    The dictionary is built by the same code as the real build, from the evidence up to
    `train_until` only, and judged on every later puzzle of the backtest table.
    """
    build_evidence(con, game, train_until + dt.timedelta(days=1))
    current = fetch_evidence(con, "accepted IS NULL")
    con.register(
        "split_decisions", _frame({"word": current["word"], "included": decide(current, rule)})
    )
    warehouse.run(
        con,
        "dictionary_split",
        {"train_until": train_until, "backtest_table": f"{TABLE_PREFIX[game]}_backtest"},
    )


def fetch_evidence(con: duckdb.DuckDBPyConnection, where: str) -> Evidence:
    """Fetch evidence rows (verdict rows or build rows) as arrays."""
    query = f"SELECT {', '.join(EVIDENCE_COLUMNS)} FROM evidence_rows WHERE {where} ORDER BY as_of, word"
    columns = con.execute(query).fetchnumpy()
    arrays = {name: np.asarray(values) for name, values in columns.items()}
    arrays["last_accepted"] = np.asarray(
        [
            bool(v) if v is not None and v is not np.ma.masked else False
            for v in columns["last_accepted"]
        ]
    )
    if "accepted" in arrays and arrays["accepted"].dtype == object:
        arrays["accepted"] = np.asarray(
            [bool(v) if v is not None else False for v in arrays["accepted"]]
        )
    return Evidence(arrays)


def choose_rule(
    evidence: Evidence, validation_from: dt.date, validation_until: dt.date
) -> tuple[Rule, dict]:
    """Return the rule with the best micro F1 on the validation window, and its scores."""
    dates = evidence["as_of"].astype("datetime64[D]")
    window = (dates >= np.datetime64(validation_from)) & (dates <= np.datetime64(validation_until))
    accepted = evidence["accepted"][window]
    subset = Evidence({name: values[window] for name, values in evidence.columns.items()})
    best: tuple[float, Rule, dict] | None = None
    for score_column, threshold in product(SCORE_COLUMNS, NEW_WORD_THRESHOLDS):
        rule = Rule(score_column, threshold)
        scores = micro_scores(accepted, decide(subset, rule))
        if best is None or scores["f1"] > best[0] + 1e-12:
            best = (scores["f1"], rule, scores)
    assert best is not None
    return best[1], best[2]


def validation_window(last_date: dt.date) -> tuple[dt.date, dt.date]:
    """Return the year before the last year of the archive: rules are chosen there, judged after."""
    test_from = last_date - dt.timedelta(days=364)
    return test_from - dt.timedelta(days=365 * VALIDATION_YEARS), test_from - dt.timedelta(days=1)


def last_archive_date(con: duckdb.DuckDBPyConnection, game: str) -> dt.date:
    """Return the last date of a game's archive."""
    table = "spelling_bee_puzzles" if game == "spelling-bee" else "letter_boxed_puzzles"
    warehouse.require_tables(con, table, stage_hint="pipeline scrape")
    last = con.execute(f"SELECT max(date) FROM {table}").fetchone()[0]
    if last is None:
        from pipeline.errors import UserError

        raise UserError(f"the {table} table is empty: run `pipeline scrape` first")
    return last


def build_game(con: duckdb.DuckDBPyConnection, game: str) -> dict:
    """Build one game's evidence, choose its rule, store backtest and list; return a summary."""
    last = last_archive_date(con, game)
    as_of = last + dt.timedelta(days=1)
    with progress.step(f"{game}: evidence for every eligible word of every past puzzle"):
        build_evidence(con, game, as_of)
    history = fetch_evidence(con, "accepted IS NOT NULL")
    validation_from, validation_until = validation_window(last)
    with progress.step(f"{game}: choosing the rule on {validation_from} .. {validation_until}"):
        rule, validation_scores = choose_rule(history, validation_from, validation_until)
    progress.note(f"rule: {rule.describe()}")
    current = fetch_evidence(con, "accepted IS NULL")
    chosen = decide(current, rule)
    words = sorted(
        w
        for w, keep in zip(current["word"], chosen, strict=True)
        if keep and len(w) >= MIN_LENGTH[game]
    )
    store_results(con, game, history, decide(history, rule), current, chosen, rule)
    write_word_list(game, words)
    return {"game": game, "rule": rule, "validation": validation_scores, "words": len(words)}


def store_results(
    con: duckdb.DuckDBPyConnection,
    game: str,
    history: Evidence,
    history_decisions: np.ndarray,
    current: Evidence,
    current_decisions: np.ndarray,
    rule: Rule,
) -> None:
    """Replace the backtest table, the custom dictionary table and the rule, in one transaction."""
    prefix = TABLE_PREFIX[game]
    backtest = {
        "date": history["as_of"],
        "word": history["word"],
        "accepted": history["accepted"],
        "predicted": history_decisions,
        "prior_verdicts": history["prior_verdicts"],
        "prior_accepted": history["prior_accepted"],
        "last_accepted": history["last_accepted"],
    }
    decisions = {
        "word": current["word"],
        "included": current_decisions,
        "prior_verdicts": current["prior_verdicts"],
        "prior_accepted": current["prior_accepted"],
        "last_accepted": current["last_accepted"],
        "score": current[rule.score_column],
        "bucket": current["bucket"],
        "bucket_size": current["bucket_size"],
        "bucket_rate": current["bucket_rate"],
        "reason": np.asarray(reasons(current, rule, current_decisions), dtype=object),
    }
    with warehouse.transaction(con):
        con.register("backtest_frame", _frame(backtest))
        con.register("decision_frame", _frame(decisions))
        warehouse.run(
            con,
            "dictionary_store",
            {
                "game": game,
                "score_column": rule.score_column,
                "threshold": float(rule.new_word_threshold),
                "description": rule.describe(),
            },
        )
        con.execute(f"CREATE OR REPLACE TABLE {prefix}_backtest AS SELECT * FROM built_backtest")
        con.execute(f"CREATE OR REPLACE TABLE {prefix}_custom AS SELECT * FROM built_custom")


def _frame(columns: dict[str, np.ndarray]):
    """Return a DuckDB relation source from numpy columns."""
    return {name: np.asarray(values) for name, values in columns.items()}


def write_word_list(game: str, words: list[str]) -> None:
    """Write a custom list atomically, one word per line, sorted."""
    folder = config.custom_dir()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / ("spelling_bee.txt" if game == "spelling-bee" else "letter_boxed.txt")
    temporary = target.with_suffix(".txt.part")
    temporary.write_text("".join(f"{word}\n" for word in words))
    temporary.replace(target)


def build(games: tuple[str, ...] = GAMES) -> list[dict]:
    """Run the build stage for the games and return their summaries."""
    con = warehouse.connect()
    warehouse.require_tables(con, "words", stage_hint="pipeline words")
    return [build_game(con, game) for game in games]
