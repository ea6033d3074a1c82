"""Spelling Bee's style (its hooks `style_inputs`, `fit_style` and `store_style`): every
honeycomb of the custom list scored (spelling_bee_honeycombs: figures, expected errors,
likeness, difficulty), the NYT's style's distributions (nyt_style) and the likeness model
`pipeline generate` reads (style_models), learned from the whole archive. The fit is pure, so
that the build may run it in a second process (pipeline/stages/beside.py).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import numpy as np

from pipeline import progress
from pipeline.dates import date_of, day_number
from pipeline.games.game import Game
from pipeline.games.style import (
    shares,
    store_models,
    store_nyt_style,
    zones,
)
from pipeline.model import honeycomb_style as hs
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection
from solvers.masks import letter_bit

ANSWER_ZONES = (20, 30, 40, 50, 60, 70)
POINT_ZONES = (100, 150, 200, 250, 300)


def spelling_bee_words(con: Connection, game: Game) -> hs.WordColumns:
    """Return the eligible universe words of the custom list as arrays."""
    r = warehouse.run(con, "style/spelling_bee_words", {"game": game.name}).fetchnumpy()
    return hs.WordColumns(
        r["mask"], r["length"], r["included"], r["probability"], r["zipf"], r["unpublishable"]
    )


def nyt_honeycombs(con: Connection) -> tuple[hs.NytPuzzles, dict[str, np.ndarray]]:
    """Return the NYT's honeycombs, and their official answer counts, points and pangrams."""
    r = warehouse.run(con, "style/spelling_bee_puzzles").fetchnumpy()
    return hs.NytPuzzles(r["day"], r["letters_mask"], r["center_bit"]), r


@dataclass(frozen=True)
class HoneycombInputs:
    """What the Spelling Bee style reads from the warehouse: the custom list's eligible words, the
    NYT's honeycombs and their official answer counts, points and pangrams."""

    words: hs.WordColumns
    nyt: hs.NytPuzzles
    official: dict[str, np.ndarray]


@dataclass(frozen=True)
class HoneycombStyle:
    """The Spelling Bee style learned: every honeycomb of the custom list with its figures,
    likeness, difficulty and never-combined pairs; the style's rows; the fitted model."""

    candidates: hs.Honeycombs
    log_odds: np.ndarray
    difficulty: np.ndarray
    never_combined_pairs: np.ndarray
    style_rows: list[tuple]
    model: hs.Likeness
    trained_until: dt.date


def spelling_bee_inputs(con: Connection, game: Game, words: list[str]) -> HoneycombInputs:
    """Return what the Spelling Bee style reads: the custom list as the build stored it (its
    words with their figures, not the list `words`), and the NYT's honeycombs."""
    nyt, official = nyt_honeycombs(con)
    return HoneycombInputs(spelling_bee_words(con, game), nyt, official)


def fit_spelling_bee_style(inputs: HoneycombInputs) -> HoneycombStyle:
    """Score every honeycomb of the custom list and fit the likeness model on the whole archive
    (pure: the build may run it in a second process)."""
    candidates = hs.honeycomb_figures(inputs.words)
    nyt = inputs.nyt
    end = int(nyt.day.max()) + 1
    model = hs.fit_likeness(candidates, nyt, nyt)
    log_odds = hs.likeness_scores(model, candidates, nyt, end)
    difficulty = hs.difficulty_percentile(
        hs.difficulty_scale(candidates.take(difficulty_reference(candidates, nyt, end))),
        candidates,
    )
    never = hs.as_of(candidates, hs.history_before(nyt, [end]), 0)[:, 0]
    rows = honeycomb_style_rows(candidates, nyt, inputs.official)
    return HoneycombStyle(candidates, log_odds, difficulty, never, rows, model, date_of(end - 1))


def store_spelling_bee_style(con: Connection, game: Game, style: HoneycombStyle) -> None:
    """Store the honeycombs, the style's distributions and the model."""
    store_honeycombs(
        con, style.candidates, style.log_odds, style.difficulty, style.never_combined_pairs
    )
    store_nyt_style(con, game, style.style_rows)
    names = hs.feature_names()
    store_models(con, game, style.trained_until, {"likeness": (names, style.model.coefficients)})
    progress.note(
        f"{len(style.candidates):,} honeycombs; likeness fitted on "
        f"{style.model.trained_puzzles:,} NYT puzzles"
    )


def difficulty_reference(candidates: hs.Honeycombs, nyt: hs.NytPuzzles, end: int) -> np.ndarray:
    """Return the candidate rows difficulty is measured against: the NYT's honeycombs of the two
    years before `end`, or all of them for a shorter archive, or every candidate without one."""
    recent = reference_rows(candidates, nyt.since(day_number(hs.reference_start(date_of(end)))))
    if len(recent):
        return recent
    every = reference_rows(candidates, nyt)
    return every if len(every) else np.arange(len(candidates))


def reference_rows(candidates: hs.Honeycombs, nyt: hs.NytPuzzles) -> np.ndarray:
    """Return the candidate rows of the NYT's honeycombs (those the custom list holds)."""
    return reference_rows_and_days(candidates, nyt)[0]


def reference_rows_and_days(
    candidates: hs.Honeycombs, nyt: hs.NytPuzzles
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return the candidate rows of the NYT's honeycombs (those the custom list holds), the day
    of each, and whether its letter set had been used before on that day."""
    rows = hs.rows_of_honeycombs(candidates, nyt.letters_mask, nyt.center_bit)
    kept = rows >= 0
    reused = letter_sets_used_before(nyt)
    return rows[kept].astype(np.int64), nyt.day[kept].astype(np.int64), reused[kept]


def store_honeycombs(
    con: Connection,
    candidates: hs.Honeycombs,
    log_odds: np.ndarray,
    difficulty: np.ndarray,
    never_combined_pairs: np.ndarray,
) -> None:
    """Write spelling_bee_honeycombs."""
    columns = {name: getattr(candidates, name) for name in candidates.__dataclass_fields__}
    columns |= {
        "log_odds": log_odds.astype(np.float64),
        "likeness": hs.likeness(log_odds).astype(np.float64),
        "difficulty": difficulty,
        "never_combined_pairs": never_combined_pairs,
    }
    warehouse.hand_over(con, "honeycomb_rows", columns)
    warehouse.build(con, "build/spelling_bee_honeycombs")
    warehouse.release(con, "honeycomb_rows")


def honeycomb_style_rows(
    candidates: hs.Honeycombs, nyt: hs.NytPuzzles, official: dict[str, np.ndarray]
) -> list[tuple]:
    """Return the Spelling Bee style's rows: (feature, value, position, NYT puzzles, NYT share,
    candidate share or None)."""
    rows: list[tuple] = []
    for i in range(26):
        letter = chr(97 + i)
        rows += shares(
            "letter", letter, i, nyt.letters_mask >> i & 1, candidates.letters_mask >> i & 1
        )
        rows += shares("center", letter, i, nyt.center_bit >> i & 1, candidates.center_bit >> i & 1)
    nyt_vowels = hs.bit_count(nyt.letters_mask & hs.VOWEL_MASK)
    candidate_vowels = hs.bit_count(candidates.letters_mask & hs.VOWEL_MASK)
    for count in range(1, 6):
        rows += shares("vowels", str(count), count, nyt_vowels == count, candidate_vowels == count)
    nyt_pairs = hs.pair_matrix(nyt.letters_mask)
    candidate_pairs = hs.pair_matrix(candidates.letters_mask)
    for k, (i, j) in enumerate(hs.PAIRS):
        if not nyt_pairs[:, k].any():
            pair = f"{chr(97 + i)}+{chr(97 + j)}"
            rows += shares("never_combined_pair", pair, k, nyt_pairs[:, k], candidate_pairs[:, k])
    years = np.array([date_of(day).year for day in nyt.day])
    s_bit = letter_bit("s")
    for year in sorted(set(years.tolist())):
        in_year = years == year
        with_s = nyt.letters_mask[in_year] & s_bit != 0
        rows.append(("s_by_year", str(year), year, int(with_s.sum()), float(with_s.mean()), None))
    rows += zones("answers", ANSWER_ZONES, official["answers"], candidates.words)
    rows += zones("points", POINT_ZONES, official["points"], candidates.points)
    rows += zones("pangrams", (2, 3, 4), official["pangrams"], candidates.pangrams)
    reused = letter_sets_used_before(nyt)
    rows += shares("letter_set_used_before", "yes", 1, reused, None)
    return rows


def letter_sets_used_before(nyt: hs.NytPuzzles) -> np.ndarray:
    """Return, for each NYT puzzle, whether an earlier one had the same 7 letters."""
    seen: set[int] = set()
    used = []
    for mask in nyt.letters_mask.tolist():
        used.append(mask in seen)
        seen.add(mask)
    return np.array(used)
