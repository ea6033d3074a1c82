"""What every game's style shares (each game's own fit is its `games/<game>/style.py`, through
its hooks `style_inputs`, `fit_style` and `store_style`): the style's rows (a share of the NYT's
puzzles against the candidates'), storing them (nyt_style) and the fitted models `pipeline
generate` reads (style_models), and the report's sections on the NYT's style and on the
generator's last checks.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from pipeline.games import style_sections as report_style
from pipeline.games.game import Game
from pipeline.render.model import Section
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection
from pipeline.table import Table

CHECKS_FILE = "generate_checks.json"  # `pipeline bench generate`'s last figures, in reports/


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


# ------------------------------------------------------------------ the report


def nyt_style_sections(con: Connection, game: Game, candidates: str) -> list[Section]:
    """Return the report's "How the NYT chooses" section for a game (games/style_sections.py)."""
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
