"""The build stage: evidence per word, a rule chosen by backtest, and the custom word lists.

This module runs the stage: the games one by one, each one's backtest stored by a thread while the
next is built, the words' index for explain staged by another, and a long list's style learned in
a second process. Its parts, a module each: the evidence (`build_evidence`), the rule's choice and
its scores (`build_rule`) and what is stored of a game (`build_store`); what other stages use of
the build is in `backtest`.

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
from pipeline.games import GAMES, Game, game_named
from pipeline.games.hooks import hooks_of
from pipeline.model.evidence import bucket_names
from pipeline.model.rule import MaybeBand, Rule, decide, guarded, reasons
from pipeline.stages import beside
from pipeline.stages.beside import CallBeside, CallMadeHere
from pipeline.stages.build_evidence import LeftOut, left_out_elsewhere, uses_new_word_model
from pipeline.stages.build_rule import (
    NOT_SCORED,
    TestYear,
    apply_edits,
    choose_rule_and_backtest,
    test_year_scores,
)
from pipeline.stages.build_store import (
    Decisions,
    explain_columns,
    store_backtest,
    store_custom_words,
    store_rule,
)
from pipeline.storage import built_files, custom_lists, day_files, explain_index, warehouse
from pipeline.storage.built_files import days_file, explain_file
from pipeline.storage.column_file import Coded, text_codes
from pipeline.storage.edits import Edit, edit_columns
from pipeline.storage.warehouse import Connection

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
    person waits on (storage/custom_lists.py), in a stage's copy of the warehouse already
    prepared (stage.open_stage: the registries written, older build tables dropped by upgrade 3)."""
    warehouse.require_tables(con, "words", stage_hint="pipeline words")
    warehouse.run(con, "build/memory_limit")
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
    game_queries = (name for game in GAMES for name in hooks_of(game).explain_queries)
    queries = explain_index.word_queries(game_queries)
    try:
        write = partial(explain_index.write_word_file, cursor, build_id=build_id, queries=queries)
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


def new_build_id() -> str:
    """Return a fresh build id: the UTC time and the process id."""
    return f"{dt.datetime.now(dt.UTC):%Y%m%dT%H%M%S%f}-{os.getpid()}"
