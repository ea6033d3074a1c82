"""The build stage: evidence per word, a rule chosen by backtest, and the custom word lists.

The same function, `rule.decide`, judges every evidence row: the backtest rows (a past puzzle's
eligible word, judged on evidence from before that puzzle) and the build rows (every word, judged
on all the evidence, as of the day after the archive ends).
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from pipeline import config, progress, warehouse
from pipeline.errors import UserError
from pipeline.games import GAMES, LETTER_BOXED, SPELLING_BEE, Game
from pipeline.rule import Evidence, Rule, decide, reasons, rule_grid
from pipeline.warehouse import Connection, Table
from solvers.letter_boxed import WordIndex, parse_board

VALIDATION_YEARS = 1
EPOCH = dt.date(1970, 1, 1)  # dates cross to DuckDB as day numbers (numpy dates do not)


@dataclass(frozen=True)
class BuildSummary:
    """What the build chose and produced for one game."""

    game: Game
    rule: Rule
    validation: dict[str, float]  # micro precision, recall and F1 on the validation year
    words: list[str]  # the custom list, sorted


def build(con: Connection, games: tuple[Game, ...], build_id: str) -> list[BuildSummary]:
    """Build the games' dictionaries, and stage their word lists for `publish_word_lists`."""
    warehouse.require_tables(con, "words", stage_hint="pipeline words")
    summaries = [build_game(con, game, build_id) for game in games]
    for summary in summaries:
        stage_word_list(summary.game, summary.words, build_id)
    return summaries


def build_game(con: Connection, game: Game, build_id: str) -> BuildSummary:
    """Build one game's evidence, choose its rule, store its backtest and custom words."""
    last = last_archive_date(con, game)
    with progress.step(f"{game.name}: evidence for every eligible word of every past puzzle"):
        build_evidence(con, game, last + dt.timedelta(days=1))
    history = fetch_history(con)
    validation_from, validation_until = validation_window(last)
    with progress.step(
        f"{game.name}: choosing the rule on {validation_from} .. {validation_until}"
    ):
        rule, validation = choose_rule(con, history, validation_from, validation_until)
    progress.note(f"rule: {rule.describe()}")
    current = fetch_current(con)
    chosen = decide(current, rule)
    store_results(con, game, history, decide(history, rule), current, chosen, rule, build_id)
    words = sorted(str(word) for word, keep in zip(current["word"], chosen, strict=True) if keep)
    return BuildSummary(game, rule, validation, words)


def build_evidence(con: Connection, game: Game, as_of: dt.date) -> None:
    """Create the temp table evidence_rows: every verdict before `as_of`, and one row per word at
    `as_of`, each with the evidence strictly before its date."""
    warehouse.run(con, "build/universe", {"game": game.name, "min_length": game.min_length})
    VERDICT_ROWS[game.name](con, as_of)
    warehouse.run(con, "build/evidence_rows")


def spelling_bee_verdict_rows(con: Connection, as_of: dt.date) -> None:
    """Create verdict_rows from the SQL solver's answers to every past puzzle."""
    warehouse.run(con, "build/spelling_bee_puzzles_to_solve", {"as_of": as_of})
    warehouse.run(con, "solve/spelling_bee_solutions")
    warehouse.run(con, "build/spelling_bee_verdict_rows", {"as_of": as_of})


def letter_boxed_verdict_rows(con: Connection, as_of: dt.date) -> None:
    """Create verdict_rows from the words each past box allowed: the solver's own playability
    test (solvers.letter_boxed.WordIndex) over the universe, box by box."""
    universe = [word for (word,) in warehouse.run(con, "build/universe_words").fetchall()]
    index = WordIndex(universe)
    boxes = warehouse.run(con, "build/letter_boxed_boxes", {"as_of": as_of}).fetchall()
    playable = [index.playable_indices(parse_board(sides)) for _, sides in boxes]
    days = [
        np.full(len(found), (date - EPOCH).days, dtype=np.int32)
        for (date, _), found in zip(boxes, playable, strict=True)
    ]
    warehouse.hand_over(
        con, "universe_index", {"word_index": np.arange(len(index.words)), "word": index.words}
    )
    warehouse.hand_over(
        con,
        "playable_pairs",
        {
            "day": np.concatenate(days) if days else np.zeros(0, np.int32),
            "word_index": np.concatenate(playable) if playable else np.zeros(0, np.int64),
        },
    )
    warehouse.run(con, "build/letter_boxed_verdict_rows", {"as_of": as_of})


VERDICT_ROWS: dict[str, Callable[[Connection, dt.date], None]] = {
    SPELLING_BEE.name: spelling_bee_verdict_rows,
    LETTER_BOXED.name: letter_boxed_verdict_rows,
}


def fetch_history(con: Connection) -> Evidence:
    """Number the past verdicts' evidence rows and fetch what the rule reads of them."""
    warehouse.run(con, "build/history_rows")
    return _evidence(warehouse.run(con, "build/history_evidence").fetchnumpy())


def fetch_current(con: Connection) -> Evidence:
    """Fetch the build's evidence rows: every universe word as of the day after the archive."""
    return _evidence(warehouse.run(con, "build/current_evidence").fetchnumpy())


def _evidence(columns: dict) -> Evidence:
    """Return fetched columns as Evidence (plain arrays)."""
    return Evidence({name: np.asarray(values) for name, values in columns.items()})


def validation_window(last_date: dt.date) -> tuple[dt.date, dt.date]:
    """Return the year before the last year of the archive: rules are chosen there, judged after."""
    test_from = last_date - dt.timedelta(days=364)
    return test_from - dt.timedelta(days=365 * VALIDATION_YEARS), test_from - dt.timedelta(days=1)


def choose_rule(
    con: Connection, evidence: Evidence, validation_from: dt.date, validation_until: dt.date
) -> tuple[Rule, dict[str, float]]:
    """Return the rule of the grid with the best micro F1 on the validation window, and its scores."""
    dates = evidence["as_of"].astype("datetime64[D]")
    window = (dates >= np.datetime64(validation_from)) & (dates <= np.datetime64(validation_until))
    subset = evidence.rows_where(window)
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
    return warehouse.query(con, "build/rule_scores")


def last_archive_date(con: Connection, game: Game) -> dt.date:
    """Return the last date of a game's archive."""
    table = game.table("puzzles")
    warehouse.require_tables(con, table, stage_hint="pipeline scrape")
    last = warehouse.run(con, "build/last_archive_date", {"puzzles_table": table}).fetchall()[0][0]
    if last is None:
        raise UserError(f"the {table} table is empty: run `pipeline scrape` first")
    return last


def store_results(
    con: Connection,
    game: Game,
    history: Evidence,
    history_decisions: np.ndarray,
    current: Evidence,
    current_decisions: np.ndarray,
    rule: Rule,
    build_id: str,
) -> None:
    """Replace the game's backtest rows, custom words and rule."""
    warehouse.hand_over(
        con,
        "history_predictions",
        {"row_id": history["row_id"], "predicted": history_decisions.astype(bool)},
    )
    warehouse.hand_over(
        con,
        "decision_rows",
        {
            "word": current["word"],
            "included": current_decisions,
            "prior_verdicts": current["prior_verdicts"],
            "prior_accepted": current["prior_accepted"],
            "last_accepted": last_verdicts(current),
            "score": current[rule.score_column].astype(float),
            "bucket": current["bucket"],
            "bucket_size": current["bucket_size"],
            "bucket_rate": current["bucket_rate"],
            "reason": reasons(current, rule, current_decisions),
        },
    )
    warehouse.run(con, "build/backtest", {"game": game.name})
    warehouse.run(con, "build/custom_words", {"game": game.name})
    warehouse.run(
        con,
        "build/dictionary_rules",
        {
            "game": game.name,
            "score_column": rule.score_column,
            "threshold": float(rule.new_word_threshold),
            "description": rule.describe(),
            "build_id": build_id,
        },
    )


def last_verdicts(evidence: Evidence) -> list[bool | None]:
    """Return each row's last verdict, None (NULL) for a word never judged."""
    judged = (evidence["prior_verdicts"] > 0).tolist()
    return [
        bool(last) if seen else None
        for last, seen in zip(evidence["last_accepted"].tolist(), judged, strict=True)
    ]


def split_predictions(con: Connection, game: Game, train_until: dt.date, rule: Rule) -> None:
    """Create the temp table split_predictions(date, word, accepted, predicted): a single split.

    The dictionary is built by the same code as the real build, from the evidence up to
    `train_until` only, and judged on every later puzzle of the game's backtest.
    """
    build_evidence(con, game, train_until + dt.timedelta(days=1))
    current = fetch_current(con)
    warehouse.hand_over(
        con, "split_decisions", {"word": current["word"], "included": decide(current, rule)}
    )
    warehouse.run(con, "build/split_predictions", {"game": game.name, "train_until": train_until})


def new_build_id() -> str:
    """Return a fresh build id: the UTC time and the process id."""
    return f"{dt.datetime.now(dt.UTC):%Y%m%dT%H%M%S%f}-{os.getpid()}"


def staged_list(game: Game, build_id: str) -> Path:
    """Return where a build stages a game's word list before it is published."""
    return config.custom_dir() / f".{game.custom_file}.{build_id}.part"


def stage_word_list(game: Game, words: list[str], build_id: str) -> None:
    """Write a game's new word list beside the published one, one word per line, sorted."""
    folder = config.custom_dir()
    folder.mkdir(parents=True, exist_ok=True)
    staged = staged_list(game, build_id)
    with staged.open("w") as handle:
        handle.writelines(f"{word}\n" for word in words)
        handle.flush()
        os.fsync(handle.fileno())


def recover_word_lists(con: Connection) -> None:
    """Publish or remove the word lists a killed build left staged (see publish_word_lists)."""
    committed = {}
    if warehouse.table_exists(con, "dictionary_rules"):
        committed = dict(warehouse.run(con, "build/committed_builds").fetchall())
    publish_word_lists(committed)


def publish_word_lists(build_ids: dict[str, str]) -> None:
    """Rename each game's staged list of the given build into place; remove every other one.

    A build stages its lists, the warehouse file is replaced, then the lists are renamed into
    place; a run killed in between leaves staged lists that the next stage publishes (their
    build is the committed one) or removes (their build never committed).
    """
    for game in GAMES:
        for staged in config.custom_dir().glob(f".{game.custom_file}.*.part"):
            build_id = staged.name.removeprefix(f".{game.custom_file}.").removesuffix(".part")
            if build_ids.get(game.name) == build_id:
                staged.replace(config.custom_dir() / game.custom_file)
            else:
                staged.unlink()
