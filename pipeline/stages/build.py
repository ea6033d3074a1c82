"""The build stage: evidence per word, a rule chosen by backtest, and the custom word lists.

The same function, `rule.decide`, judges every evidence row: the backtest rows (a past puzzle's
eligible word, judged on evidence from before that puzzle) and the build rows (every word, judged
on all the evidence, as of the day after the archive ends). Each row carries its probability (from
the same SQL); the hand edits (`pipeline/storage/edits.py`) then decide the words they name, in the final
lists only. Beside each list the build writes its "maybe" words: those whose probability lies in
the band chosen on the validation year.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import os
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

from pipeline import progress
from pipeline.dates import day_number, validation_window
from pipeline.errors import UserError
from pipeline.games import GAMES, Game, game_named
from pipeline.games.hooks import hooks_of
from pipeline.model.evidence import (
    DAY_FLAGS,
    FACTORS,
    HISTORY_BUCKETS,
    NEVER,
    ZIPF_BINS,
    Verdicts,
    WordFeatures,
    bucket_names,
    evidence_rows,
)
from pipeline.model.newword import feature_names
from pipeline.model.rule import (
    Evidence,
    MaybeBand,
    Rule,
    decide,
    grid_counts,
    guarded,
    maybe_band,
    reasons,
    rule_grid,
)
from pipeline.stages import beside
from pipeline.stages.beside import CallBeside, CallMadeHere
from pipeline.stages.stage import prepare_stage
from pipeline.storage import built_files, custom_lists, day_files, explain_index, warehouse
from pipeline.storage.built_files import days_file, explain_file
from pipeline.storage.column_file import Coded, text_codes
from pipeline.storage.edits import Edit, edit_columns
from pipeline.storage.warehouse import Connection
from pipeline.table import Table

STYLE_APART_MIN_WORDS = 20_000  # a list this long takes seconds to learn the style on


@dataclass(frozen=True)
class BuildSummary:
    """What the build chose and produced for one game."""

    game: Game
    rule: Rule
    validation: dict[str, float]  # micro precision, recall and F1 on the validation year
    words: list[str]  # the custom list, sorted
    band: MaybeBand  # the maybe tier's probabilities, chosen on the validation year
    maybe: list[tuple[str, float, bool]]  # (word, probability, included) in the band, by word
    new_words: dict[str, float]  # precision, recall and F1 on the validation year's new words
    test_year: TestYear  # the scores of the year after the validation year


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


def build_record(summary: BuildSummary) -> dict:
    """Return what the build chose for one game: its word count, rule and validation scores."""
    return {
        "word_count": len(summary.words),
        "validation": summary.validation,
        "validation_new_words": summary.new_words,
        "test_year": summary.test_year.record(),
        "rule": {
            "score_column": summary.rule.score_column,
            "new_word_threshold": summary.rule.new_word_threshold,
            "description": summary.rule.describe(),
        },
    }


def build(
    con: Connection, games: tuple[Game, ...], build_id: str, edits: list[Edit] | None = None
) -> list[BuildSummary]:
    """Build the games' dictionaries, and stage their word lists and the files of the commands a
    person waits on (storage/custom_lists.py)."""
    warehouse.require_tables(con, "words", stage_hint="pipeline words")
    warehouse.run(con, "build/memory_limit")
    prepare_stage(con)  # older build tables are dropped here (upgrade 3)
    warehouse.create_missing_tables(con, "build")
    warehouse.run(con, "build/drop_leftover_views")
    with words_index_meanwhile(con, build_id):
        summaries = build_games(con, games, build_id, edits or [])
    stage_files_for_commands(con, games, build_id)
    return [summaries[game.name] for game in games]


def build_games(
    con: Connection, games: tuple[Game, ...], build_id: str, edits: list[Edit]
) -> dict[str, BuildSummary]:
    """Build each game and store its style; return what each built. A game's backtest, the
    build's largest insert, is stored by a thread through a connection of its own (with the
    files of the commands that read it) while the build goes on: the next game is built, the
    lists are staged, the styles stored (DuckDB works without the GIL, the evidence in numpy
    mostly too)."""
    summaries: dict[str, BuildSummary] = {}
    left_out: dict[str, LeftOut] = {}  # each game built so far: when its words were left out
    styles: dict[str, CallBeside | CallMadeHere] = {}
    with ThreadPoolExecutor(max_workers=1) as storer:  # its end waits for the last store
        storing: Future[BuildSummary] | None = None
        for game in sorted(games, key=uses_new_word_model):  # the model reads the other games
            elsewhere = (
                left_out_elsewhere(con, game, left_out) if uses_new_word_model(game) else None
            )
            built = build_game(con, game, build_id, edits, elsewhere)
            left_out[game.name], styles[game.name] = built.left_out, built.style
            stage_lists(con, built.summary, build_id)
            if storing is not None:
                stored = storing.result()
                summaries[stored.game.name] = stored
            storing = storer.submit(
                store_game_backtest, warehouse.second_connection(con), built, build_id
            )
        for game in games:
            with progress.step(f"{game.name}: the NYT's style, learned on the custom list"):
                hooks_of(game).store_style(con, game, styles[game.name].result())
        if storing is not None:
            stored = storing.result()
            summaries[stored.game.name] = stored
    return summaries


def stage_lists(con: Connection, summary: BuildSummary, build_id: str) -> None:
    """Stage a game's word list, maybe list and (when its solver ranks by commonness) Zipf
    frequencies."""
    custom_lists.stage_word_list(summary.game, summary.words, build_id)
    custom_lists.stage_maybe_list(summary.game, summary.maybe, build_id)
    if summary.game.ranks_by_commonness:
        params = {"game": summary.game.name}
        zipf = warehouse.run(con, "build/universe_zipf", params).fetchall()
        custom_lists.stage_zipf_list(summary.game, zipf, build_id)


@contextlib.contextmanager
def words_index_meanwhile(con: Connection, build_id: str) -> Iterator[None]:
    """Stage the words' index for explain in a thread, through a connection of its own, while
    the block builds (it reads no table the build writes, and DuckDB works without the GIL);
    the block's end waits for it, so that nothing is written once the build has ended."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        indexed = thread.submit(stage_words_index, warehouse.second_connection(con), build_id)
        try:
            yield
        except BaseException:
            indexed.exception()  # waited for, the block's error raised
            raise
        indexed.result()


def stage_files_for_commands(con: Connection, games: tuple[Game, ...], build_id: str) -> None:
    """Stage what `today` and `explain` read instead of the warehouse (storage/built_files.py)
    that the games' threads did not (the days of the games not built now), and the manifest
    naming every game's days, the words' index, the explain files of the games built now and
    those of the others still true to the warehouse (their build's)."""
    for game in GAMES:
        if game not in games:
            stage_days(con, game, build_id)
    committed = dict(warehouse.run(con, "build/committed_builds").fetchall())
    kept = [
        explain_file(game)
        for game in GAMES
        if game not in games
        and explain_index.file_build(explain_file(game)) == committed.get(game.name)
    ]
    files = [*(explain_file(game) for game in games), *kept, *built_files.run_files(GAMES)]
    custom_lists.stage_manifest(build_id, [name for name in files if name != built_files.MANIFEST])


def stage_days(con: Connection, game: Game, build_id: str) -> None:
    """Stage a game's days for `today` (storage/day_files.py), from its stored backtest."""
    custom_lists.stage_with(days_file(game), build_id, partial(day_files.write_days, con, game))


def stage_words_index(cursor: Connection, build_id: str) -> None:
    """Stage the words' index for explain (storage/explain_index.py) through a connection of its
    own, then close it."""
    try:
        write = partial(explain_index.write_word_file, cursor, build_id=build_id)
        custom_lists.stage_with(built_files.EXPLAIN_WORDS_FILE, build_id, write)
    finally:
        cursor.close()


def start_learning_style(
    con: Connection, game: Game, words: list[str]
) -> CallBeside | CallMadeHere:
    """Start learning the NYT's style on a game's new list (games/<game>/style.py): for a list long
    enough to take seconds, in a second process while the build goes on."""
    inputs = hooks_of(game).style_inputs(con, game, words)
    apart = len(words) >= STYLE_APART_MIN_WORDS
    if apart:
        progress.note(f"{game.name}: learning the NYT's style in a second process meanwhile")
    return beside.start(fit_style_of_game, (game.name, inputs), beside=apart)


def fit_style_of_game(job: tuple[str, Any]) -> Any:
    """Return a game's style fitted on its inputs (the game given by name: this may run in a
    second process)."""
    name, inputs = job
    return hooks_of(game_named(name)).fit_style(inputs)


@dataclass(frozen=True)
class LeftOut:
    """The first day each word was left out where it qualified (day numbers; a word never left
    out is absent)."""

    words: list[str]
    days: np.ndarray

    @classmethod
    def joined(cls, parts: list[LeftOut]) -> LeftOut:
        """Return several games' left-out words together (a word may come more than once)."""
        words = [word for part in parts for word in part.words]
        days = np.concatenate([part.days for part in parts] or [np.zeros(0, np.int32)])
        return cls(words, days)


def uses_new_word_model(game: Game) -> bool:
    """Return True when the game judges new words with the new-word model (model/newword.py)."""
    return bool(hooks_of(game).new_word_model)


def left_out_elsewhere(con: Connection, game: Game, known: dict[str, LeftOut]) -> LeftOut:
    """Return, per word, the first day one of the games the game's model reads (its hook
    left_out_from) left it out where it qualified: from the games built already in this run, the
    others' verdicts fetched now."""
    parts = []
    for other in map(game_named, hooks_of(game).left_out_from):
        found = known.get(other.name)
        if found is None:
            with progress.step(f"{other.name}: the verdicts {game.name}'s new-word model reads"):
                found = left_out_days(con, other)
        parts.append(found)
    return LeftOut.joined(parts)


def left_out_days(con: Connection, game: Game) -> LeftOut:
    """Return, per word of a game's universe, the first day a past puzzle left it out."""
    last = last_archive_date(con, game)
    params = {"game": game.name, "min_length": game.min_length, "edited_words": []}
    warehouse.run(con, "build/universe", params)
    words = [word for (word,) in warehouse.run(con, "build/universe_words").fetchall()]
    return first_left_out(hooks_of(game).verdicts(con, last + dt.timedelta(days=1), words), words)


def first_left_out(verdicts: Verdicts, words: list[str]) -> LeftOut:
    """Return the first day each word was left out where it qualified."""
    first = np.full(len(words), NEVER, dtype=np.int32)
    left = ~verdicts.accepted.astype(bool)
    np.minimum.at(first, verdicts.word_id[left], verdicts.day[left])
    ids = np.flatnonzero(first < NEVER)
    return LeftOut([words[i] for i in ids.tolist()], first[ids])


@dataclass(frozen=True)
class GameBuild:
    """A game built but for its backtest: what the build stores of it (the rows, and the explain
    index of its decisions) while the next game is built, and what it says of it."""

    game: Game
    summary: BuildSummary  # its test year still to be scored from the stored backtest
    left_out: LeftOut
    style: CallBeside | CallMadeHere
    backtest: dict[str, np.ndarray]
    explained: dict[str, Any]  # explain/custom's columns, by word id
    test_window: tuple[dt.date, dt.date]


def build_game(
    con: Connection, game: Game, build_id: str, edits: list[Edit], elsewhere: LeftOut | None
) -> GameBuild:
    """Build one game's evidence, choose its rule, store its custom words and start learning its
    style on the new list; return what is left to store, and when its words were left out (the
    new-word model of another game reads it)."""
    edited = edit_columns(edits, game)
    past = choose_rule_and_backtest(con, game, edited["word"], elsewhere)
    current, rule, band = past.current, past.rule, past.band
    chosen = decide(current, rule)
    flags = hooks_of(game).evidence_flags
    why = reasons(current, rule, chosen, flags)
    by_hand = apply_edits(current, chosen, why, edited)
    maybe = band.holds(current["probability"]) & ~guarded(current) & ~by_hand
    decisions = Decisions(current, chosen, Coded(*text_codes(why)), by_hand, maybe)
    decided = store_custom_words(con, game, decisions, past.verdict_days, rule)
    store_rule(con, game, rule, band, build_id, edited, past.factor_names)
    words = sorted(current["word"][chosen].tolist())
    style = start_learning_style(con, game, words)
    warehouse.run(con, "build/drop_game_tables")
    maybe_rows = sorted(
        (str(word), float(probability), bool(included))
        for word, probability, included in zip(
            current["word"][maybe], current["probability"][maybe], chosen[maybe], strict=True
        )
    )
    summary = BuildSummary(
        game, rule, past.validation, words, band, maybe_rows, past.new_words, NOT_SCORED
    )
    explained = explain_columns(current["word"], decided, past.factor_names, bucket_names(flags))
    window = (past.test_from, past.test_until)
    return GameBuild(game, summary, past.left_out, style, past.backtest, explained, window)


def store_game_backtest(cursor: Connection, built: GameBuild, build_id: str) -> BuildSummary:
    """Store a built game's backtest through a connection of its own (closed then), and stage its
    days and its explain index; return its summary with the scores of its test year."""
    game = built.game
    try:
        store_backtest(cursor, game, built.backtest, built.explained["word"])
        test_year = test_year_scores(cursor, game, *built.test_window)
        stage_days(cursor, game, build_id)
    finally:
        cursor.close()
    rules = [built.summary.rule.describe()]
    custom_lists.stage_with(
        explain_file(game),
        build_id,
        partial(
            explain_index.write_game_file, game, built.explained, built.backtest, rules, build_id
        ),
    )
    return dataclasses.replace(built.summary, test_year=test_year)


def explain_columns(
    words: np.ndarray, decided: dict[str, Any], factor_names: list[str], buckets: list[str]
) -> dict[str, Any]:
    """Return the columns of `explain/custom` (its names and order) for every universe word,
    from the columns of custom_words the build decided (bucket, history, factor names and
    reasons by their codes, as the query names them; `buckets`: the game's bucket names)."""
    factors = {
        f"factor_{k}": Coded(np.ma.filled(decided[f"factor_code_{k}"], -1), factor_names)
        for k in range(1, FACTORS + 1)
    }
    return {
        "word": np.asarray(words, dtype=object),
        "included": decided["included"],
        "prior_verdicts": decided["prior_verdicts"],
        "prior_accepted": decided["prior_accepted"],
        "last_accepted": decided["last_accepted"],
        "score": decided["score"],
        "bucket": Coded(decided["bucket_code"], buckets),
        "bucket_size": decided["bucket_size"],
        "bucket_rate": decided["bucket_rate"],
        "history_bucket": Coded(decided["history_code"], HISTORY_BUCKETS),
        "history_size": decided["history_size"],
        "probability": decided["probability"],
        "parent_probability": decided["parent_rate"],
        "maybe": decided["maybe"],
        "guarded": decided["guarded"],
        "edited": decided["edited"],
        "reason": decided["reason"],
        **{
            name: column
            for k in range(1, FACTORS + 1)
            for name, column in (
                (f"factor_{k}", factors[f"factor_{k}"]),
                (f"factor_{k}_weight", decided[f"factor_value_{k}"]),
            )
        },
    }


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


def test_year_scores(con: Connection, game: Game, first: dt.date, last: dt.date) -> TestYear:
    """Return the stored backtest's scores from `first` to `last`, every pair and new words."""
    params = {"game": game.name, "first": first, "last": last}
    rows = warehouse.run(con, "build/test_year_scores", params).fetchall()
    scores = {kind: {"precision": p, "recall": r, "f1": f1} for kind, p, r, f1 in rows}
    empty = {"precision": 1.0, "recall": 1.0, "f1": 1.0}  # no pair: nothing wrong
    return TestYear(first, last, scores.get("all", empty), scores.get("new", empty))


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
    (pipeline/model/evidence.py; the hand-edited words join the universe)."""
    found = game_evidence(con, game, as_of, edited_words)
    return found.history, found.current


@dataclass(frozen=True)
class GameEvidence:
    """A game's evidence: of every past verdict and of every universe word on the day after the
    archive; when each word was left out; the names of the new-word model's columns."""

    history: Evidence
    current: Evidence
    left_out: LeftOut
    factor_names: list[str]


def game_evidence(
    con: Connection,
    game: Game,
    as_of: dt.date,
    edited_words: list[str] | None = None,
    elsewhere: LeftOut | None = None,
) -> GameEvidence:
    """Return the evidence of every verdict before `as_of` and of every universe word at `as_of`,
    and when each word was left out; a game with the new-word model reads when the other games
    left each word out (`elsewhere`, fetched here when not given)."""
    model = uses_new_word_model(game)
    if model and elsewhere is None:
        elsewhere = left_out_elsewhere(con, game, {})  # the others' universes come and go first
    warehouse.run(
        con,
        "build/universe",
        {"game": game.name, "min_length": game.min_length, "edited_words": edited_words or []},
    )
    flags = hooks_of(game).evidence_flags
    features = word_features(con, flags, elsewhere if model else None)
    verdicts = hooks_of(game).verdicts(con, as_of, features.words)
    left_out = first_left_out(verdicts, features.words)
    history, current = evidence_rows(verdicts, features, day_number(as_of))
    traits = list(features.traits or ())
    return GameEvidence(history, current, left_out, feature_names(flags, ZIPF_BINS, traits))


def word_features(
    con: Connection, flag_names: tuple[str, ...], elsewhere: LeftOut | None = None
) -> WordFeatures:
    """Fetch what the evidence knows of each universe word before any verdict (of its bucket, the
    flags `flag_names`); with `elsewhere` (the new-word model's games), its traits and when the
    other games left it out too."""
    words = [word for (word,) in warehouse.run(con, "build/universe_words").fetchall()]
    warehouse.run(con, "build/word_stems")
    columns = warehouse.run(con, "build/word_features").fetchnumpy()
    stems = warehouse.run(con, "build/stem_pairs").fetchnumpy()
    traits, left_out = None, None
    if elsewhere is not None:
        warehouse.hand_over(
            con, "left_out_elsewhere", {"word": elsewhere.words, "day": elsewhere.days}
        )
        found = warehouse.run(con, "build/word_traits").fetchnumpy()
        warehouse.release(con, "left_out_elsewhere")
        left_out = np.asarray(found.pop("left_out_elsewhere"))
        traits = {name: np.asarray(column) for name, column in found.items()}
    return WordFeatures(
        words=words,
        flag_names=flag_names,
        flags=word_flag_bits(columns, flag_names),
        zipf_bin=np.asarray(columns["zipf_bin"]),
        first_listed=np.asarray(columns["first_listed"]),
        offensive=np.asarray(columns["offensive"]),
        stem_of=(np.asarray(stems["word_id"]), np.asarray(stems["stem_id"])),
        traits=traits,
        left_out_elsewhere=left_out,
    )


def word_flag_bits(columns: dict[str, np.ndarray], flag_names: tuple[str, ...]) -> np.ndarray:
    """Return each word's bucket bits of the flags the word lists give it (build/word_features'
    columns; those of a day are the evidence's), the first flag the most significant bit."""
    bits = np.zeros(len(columns["zipf_bin"]), dtype=np.int16)
    for name in flag_names:
        if name not in columns and name not in DAY_FLAGS:
            raise ValueError(
                f"no evidence flag {name!r} (sources/word_lists.py, model/evidence.py)"
            )
        bits = bits << 1 | (np.asarray(columns[name], dtype=np.int16) if name in columns else 0)
    return bits


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
    reasons: Coded  # each row's reason, coded (most rows share theirs)
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
        "word_order": history["word_order"],
    }


def store_backtest(
    con: Connection, game: Game, rows: dict[str, np.ndarray], words: np.ndarray
) -> None:
    """Replace the game's backtest rows: every past verdict with the rule's prediction (its words
    named from `words`, the universe by word id), stored by word, then date (the rows, which come
    by day, are put in that order in place, each row's place given: `word_order`): a word's
    verdicts lie together, so that a query of one word reads a few row groups, and the words
    compress better (the LB backtest stored in 3.0 s of CPU, not 5.2 s)."""
    place = rows.pop("word_order")
    order = np.empty(len(place), dtype=np.int32)
    order[place] = np.arange(len(place), dtype=np.int32)
    for name, column in rows.items():
        rows[name] = column[order]
    warehouse.hand_over(con, "backtest_rows", rows)
    warehouse.hand_over(
        con, "backtest_words", {"word_id": np.arange(len(words), dtype=np.int32), "word": words}
    )
    warehouse.run(con, "build/backtest", {"game": game.name})
    warehouse.release(con, "backtest_rows", "backtest_words")


def store_custom_words(
    con: Connection,
    game: Game,
    current: Decisions,
    verdict_days: dict[str, np.ndarray],
    rule: Rule,
) -> dict[str, Any]:
    """Replace the game's custom words: every universe word with its decision and evidence;
    return the columns handed over (by word id: the explain index is written from them)."""
    columns = decision_columns(current, verdict_days, rule)
    warehouse.hand_over(con, "decision_rows", columns)
    warehouse.run(
        con,
        "build/custom_words",
        {
            "game": game.name,
            "bucket_names": bucket_names(hooks_of(game).evidence_flags),
            "history_bucket_names": list(HISTORY_BUCKETS),
            "reason_names": list(current.reasons.values),
        },
    )
    warehouse.release(con, "decision_rows")
    return columns | {"reason": current.reasons}


def decision_columns(
    current: Decisions, verdict_days: dict[str, np.ndarray], rule: Rule
) -> dict[str, Any]:
    """Return the columns of custom_words the build decides, by word id, in the table's types,
    masked where the table holds NULL: the last verdict of a word never eligible, the parent
    evidence of a word eligible before, the factors of a word the model did not judge; the
    reason as its code among the build's reasons."""
    now = current.evidence
    seen = now["prior_verdicts"] > 0
    judged = ~seen & (now["factor_codes"][:, 0] >= 0)  # by the new-word model, its factors kept
    return {
        "word_id": np.arange(len(now), dtype=np.int32),  # the build's rows come by word id
        **verdict_days,
        "included": current.included,
        "prior_verdicts": now["prior_verdicts"].astype(np.int32),
        "prior_accepted": now["prior_accepted"].astype(np.int32),
        "last_accepted": np.ma.masked_array(now["last_accepted"].astype(bool), mask=~seen),
        "score": now[rule.score_column].astype(np.float64),
        "bucket_code": now["bucket_code"],
        "bucket_size": now["bucket_size"].astype(np.int32),
        "bucket_rate": now["bucket_rate"].astype(np.float64),
        "history_code": now["history_code"],
        "history_size": now["history_size"].astype(np.int32),
        "probability": now["probability"].astype(np.float64),
        "parent_rate": np.ma.masked_array(now["parent_rate"].astype(np.float64), mask=seen),
        **{
            f"factor_{name}_{k + 1}": np.ma.masked_array(
                now[f"factor_{name}s"][:, k].astype(dtype), mask=~judged
            )
            for name, dtype in (("code", np.int16), ("value", np.float32))
            for k in range(FACTORS)
        },
        "guarded": now["guarded"].astype(bool),
        "edited": current.by_hand,
        "maybe": current.maybe,
        "reason_code": current.reasons.codes.astype(np.int32),
    }


def store_rule(
    con: Connection,
    game: Game,
    rule: Rule,
    band: MaybeBand,
    build_id: str,
    edited: dict[str, list],
    factor_names: list[str],
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
            "factor_names": factor_names,
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
