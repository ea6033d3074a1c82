"""The build's style step (each game's hooks `style_inputs`, `fit_style` and `store_style`): what
the NYT's puzzles look like, learned from the whole archive. The fits are pure, so that the build
may run them in a second process (pipeline/stages/beside.py).

For Spelling Bee it scores every honeycomb of the custom list (spelling_bee_honeycombs: figures,
expected errors, likeness, difficulty); for Letter Boxed it measures the NYT's boards on the
custom list (letter_boxed_boards) and fits the board model on boards made from it. Both write the
style's distributions (nyt_style) and the fitted models `pipeline generate` reads (style_models).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import numpy as np

from pipeline import progress
from pipeline.dates import date_of, day_number
from pipeline.games import style_sections as report_style
from pipeline.games.game import Game
from pipeline.model import board_style as bs
from pipeline.model import honeycomb_style as hs
from pipeline.render.model import Section
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection
from pipeline.table import Table
from solvers import letter_boxed as lb
from solvers.masks import letter_bit

CHECKS_FILE = "generate_checks.json"  # `pipeline bench generate`'s last figures, in reports/
MADE_BOARDS = 400  # boards made from the list that the board model tells the NYT's apart from
ANSWER_ZONES = (20, 30, 40, 50, 60, 70)
POINT_ZONES = (100, 150, 200, 250, 300)
SOLUTION_ZONES = (1, 3, 10, 30, 100, 300)


# ------------------------------------------------------------------ Spelling Bee


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


def spelling_bee_inputs(con: Connection, game: Game) -> HoneycombInputs:
    """Return what the Spelling Bee style reads: the custom list as the build stored it, and the
    NYT's honeycombs."""
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


def shares(
    feature: str, value: str, position: int, nyt: np.ndarray, candidates: np.ndarray | None
) -> list[tuple]:
    """Return one style row: how many NYT puzzles have the value, their share, the candidates'."""
    nyt = np.asarray(nyt, dtype=bool)
    candidate_share = None if candidates is None else float(np.asarray(candidates, bool).mean())
    return [(feature, value, position, int(nyt.sum()), float(nyt.mean()), candidate_share)]


def zones(
    feature: str, bounds: Sequence[int], nyt: np.ndarray, candidates: np.ndarray | None
) -> list[tuple]:
    """Return style rows of a count cut into zones (`20-29`, `70+`)."""
    edges = [0, *bounds]
    rows = []
    for position, low in enumerate(edges):
        high = edges[position + 1] if position + 1 < len(edges) else None
        value = f"{low}+" if high is None else f"{low}-{high - 1}"
        inside = (nyt >= low) & (True if high is None else nyt < high)
        in_candidates = None
        if candidates is not None:
            in_candidates = (candidates >= low) & (True if high is None else candidates < high)
        rows += shares(feature, value, position, inside, in_candidates)
    return rows


def store_nyt_style(con: Connection, game: Game, rows: list[tuple]) -> None:
    """Replace a game's rows of nyt_style."""
    names = ("feature", "value", "position", "nyt_puzzles", "nyt_share", "candidate_share")
    warehouse.hand_over(con, "style_rows", {n: [r[i] for r in rows] for i, n in enumerate(names)})
    warehouse.build(con, "build/nyt_style", {"game": game.name})
    warehouse.release(con, "style_rows")


def store_models(
    con: Connection,
    game: Game,
    trained_until: dt.date,
    models: dict[str, tuple[Sequence[str], np.ndarray]],
) -> None:
    """Replace a game's fitted models in style_models: for each model, its terms and values."""
    columns: dict[str, list] = {"model": [], "position": [], "term": [], "value": []}
    for model, (terms, values) in models.items():
        for position, (term, value) in enumerate(zip(terms, values.reshape(-1), strict=True)):
            columns["model"].append(model)
            columns["position"].append(position)
            columns["term"].append(term)
            columns["value"].append(float(value))
    warehouse.hand_over(con, "model_rows", columns)
    params = {"game": game.name, "trained_until": trained_until}
    warehouse.build(con, "build/style_models", params)
    warehouse.release(con, "model_rows")


def stored_model(con: Connection, game: Game, model: str) -> np.ndarray:
    """Return the values of one stored model's terms, in order."""
    params = {"game": game.name, "model": model}
    return np.array(warehouse.query(con, "generate/style_model", params).column("value"))


# ------------------------------------------------------------------ Letter Boxed


def measured_boards(
    index: lb.WordIndex, puzzles: list[tuple[dt.date, list[str], int | None]]
) -> tuple[list[dt.date], list[bs.MadeBoard], list[int | None]]:
    """Return the NYT's boards (dates, figures on the list, pars), by date."""
    dates, boards, pars = [], [], []
    for date, sides, par in puzzles:
        four = cast(tuple[str, str, str, str], tuple(sides))
        words, one, two = bs.figures(index, four)
        dates.append(date)
        boards.append(bs.MadeBoard(four, ("", ""), words, two, one))
        pars.append(par)
    return dates, boards, pars


def ages(dates: Sequence[dt.date], end: dt.date) -> np.ndarray:
    """Return each date's days before `end`."""
    return np.array([(end - date).days for date in dates], dtype=np.float64)


def fit_boards(
    chain: bs.ChainIndex,
    boards: list[bs.MadeBoard],
    pars: list[int | None],
    board_ages: np.ndarray,
    made_count: int,
) -> tuple[bs.LetterStyle, bs.BoardLikeness]:
    """Return the letter style of the NYT's boards and the board model fitted against boards
    made from the list in that style."""
    style = bs.letter_style([board.sides for board in boards], board_ages)
    made = bs.make_boards(chain, style, made_count, np.random.default_rng(0))
    known = [par or 0 for par in pars]
    return style, bs.fit_board_likeness(boards, known, board_ages, made)


@dataclass(frozen=True)
class BoardInputs:
    """What the Letter Boxed style reads: the custom list and the NYT's boards (date, sides, par)."""

    words: list[str]
    puzzles: list[tuple[dt.date, list[str], int | None]]


@dataclass(frozen=True)
class BoardStyle:
    """The Letter Boxed style learned: the NYT's boards measured on the custom list, with their
    likeness; the letter style and the board model."""

    dates: list[dt.date]
    boards: list[bs.MadeBoard]
    pars: list[int | None]
    likeness: np.ndarray
    letters: bs.LetterStyle
    model: bs.BoardLikeness


def letter_boxed_inputs(con: Connection, words: list[str]) -> BoardInputs:
    """Return what the Letter Boxed style reads: the custom list and the NYT's boards."""
    return BoardInputs(words, warehouse.query(con, "style/letter_boxed_puzzles").rows)


def fit_letter_boxed_style(inputs: BoardInputs) -> BoardStyle:
    """Measure the NYT's boards on the custom list and fit the board model (pure: the build may
    run it in a second process)."""
    chain = bs.ChainIndex.of(lb.WordIndex(inputs.words, sorted_and_plain=True))
    dates, boards, pars = measured_boards(chain.index, inputs.puzzles)
    end = dates[-1] + dt.timedelta(days=1)
    letters, model = fit_boards(chain, boards, pars, ages(dates, end), MADE_BOARDS)
    return BoardStyle(dates, boards, pars, model.likeness(boards), letters, model)


def store_letter_boxed_style(con: Connection, game: Game, style: BoardStyle) -> None:
    """Store the boards, the style's distributions and the models."""
    store_boards(con, style.dates, style.boards, style.pars, style.likeness)
    store_nyt_style(con, game, board_style_rows(style.boards, style.pars))
    store_models(con, game, style.dates[-1], board_models(style.letters, style.model))


def board_models(
    style: bs.LetterStyle, model: bs.BoardLikeness
) -> dict[str, tuple[Sequence[str], np.ndarray]]:
    """Return the board models as named terms."""
    return {
        "likeness": (bs.feature_names(), model.coefficients),
        "letter_shares": ([chr(97 + i) for i in range(26)], style.letter_shares),
        "vowel_counts": ([str(n) for n in range(lb.BOX_SIZE + 1)], style.vowel_counts),
        "par_shares": (
            [f"{low}:{par}" for low in ("0", *map(str, bs.PAR_SOLUTION_BINS)) for par in bs.PARS],
            model.par_shares,
        ),
    }


def stored_board_models(con: Connection, game: Game) -> tuple[bs.LetterStyle, bs.BoardLikeness]:
    """Return the letter style and board model the build stored."""
    style = bs.LetterStyle(
        stored_model(con, game, "letter_shares"), stored_model(con, game, "vowel_counts")
    )
    shares = stored_model(con, game, "par_shares").reshape(
        len(bs.PAR_SOLUTION_BINS) + 1, len(bs.PARS)
    )
    return style, bs.BoardLikeness(stored_model(con, game, "likeness"), shares)


def store_boards(
    con: Connection,
    dates: list[dt.date],
    boards: list[bs.MadeBoard],
    pars: list[int | None],
    likeness: np.ndarray,
) -> None:
    """Write letter_boxed_boards."""
    columns: dict[str, Sequence | np.ndarray] = {
        "date": dates,
        "sides": [list(board.sides) for board in boards],
        "par": pars,
        "words": [board.words for board in boards],
        "one_word_solutions": [board.one_word_solutions for board in boards],
        "two_word_solutions": [board.two_word_solutions for board in boards],
        "likeness": likeness.astype(np.float64),
    }
    warehouse.hand_over(con, "board_rows", columns)
    warehouse.build(con, "build/letter_boxed_boards")
    warehouse.release(con, "board_rows")


def board_style_rows(boards: list[bs.MadeBoard], pars: list[int | None]) -> list[tuple]:
    """Return the Letter Boxed style's rows (as honeycomb_style_rows)."""
    rows: list[tuple] = []
    letters = ["".join(board.sides) for board in boards]
    for i in range(26):
        letter = chr(97 + i)
        rows += shares("letter", letter, i, np.array([letter in b for b in letters]), None)
    vowels = np.array([sum(bs.side_vowels(board.sides)) for board in boards])
    for count in range(1, 7):
        rows += shares("vowels", str(count), count, vowels == count, None)
    patterns = ["-".join(map(str, bs.side_vowels(board.sides))) for board in boards]
    for position, pattern in enumerate(sorted(set(patterns))):
        rows += shares("vowels_per_side", pattern, position, np.array(patterns) == pattern, None)
    known = np.array([par or 0 for par in pars])
    for par in sorted(set(known.tolist()) - {0}):
        rows += shares("par", str(par), par, known == par, None)
    two = np.array([board.two_word_solutions for board in boards])
    rows += zones("two_word_solutions", SOLUTION_ZONES, two, None)
    return rows


# ------------------------------------------------------------------ the report


def nyt_style_sections(con: Connection, game: Game, candidates: str) -> list[Section]:
    """Return the report's "How the NYT chooses" section for a game (see report/style.py)."""
    rows = Table(("feature", "value", "nyt_puzzles", "nyt_share", "candidate_share"), [])
    if warehouse.table_exists(con, "nyt_style"):
        rows = warehouse.query(con, "report/nyt_style", {"game": game.name})
    return report_style.style_sections(game, rows, candidates)


def nyt_style_file(game: Game) -> str:
    """Return the CSV file the report writes for a game's style."""
    return report_style.style_file(game)


def generated_checks_sections(game: Game, path: Path) -> list[Section]:
    """Return the report's section on generated puzzles against the NYT: the figures of the last
    `pipeline bench generate` kept in `path` (none yet: the table is empty and says how)."""
    figures: list[dict] = []
    measured = None
    if path.is_file():
        kept = json.loads(path.read_text(encoding="utf-8"))
        figures, measured = kept.get(game.name, []), kept.get("measured")
    return report_style.checks_sections(game, figures, measured, path)
