"""The build's evidence: what is known of each word of a game's universe before each past verdict
and on the day after the archive (pipeline/model/evidence.py computes it from the arrays fetched
here), and when each word was left out of a puzzle it qualified for (the new-word model of
another game reads it)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import numpy as np

from pipeline import progress
from pipeline.dates import day_number
from pipeline.errors import UserError
from pipeline.games import Game, game_named
from pipeline.games.hooks import hooks_of
from pipeline.model.evidence import (
    DAY_FLAGS,
    NEVER,
    ZIPF_BINS,
    Verdicts,
    WordFeatures,
    evidence_rows,
)
from pipeline.model.newword import feature_names
from pipeline.model.rule import Evidence
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection


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


def build_evidence(
    con: Connection, game: Game, as_of: dt.date, edited_words: list[str] | None = None
) -> tuple[Evidence, Evidence]:
    """Return the evidence of every verdict before `as_of`, and of every universe word at `as_of`
    (pipeline/model/evidence.py; the hand-edited words join the universe)."""
    found = game_evidence(con, game, as_of, edited_words)
    return found.history, found.current


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


def last_archive_date(con: Connection, game: Game) -> dt.date:
    """Return the last date of a game's archive."""
    table = game.table("puzzles")
    warehouse.require_tables(con, table, stage_hint="pipeline scrape")
    last = warehouse.run(con, "build/last_archive_date", {"puzzles_table": table}).fetchall()[0][0]
    if last is None:
        raise UserError(f"the {table} table is empty: run `pipeline scrape` first")
    return last


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
