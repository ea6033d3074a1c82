"""What the other stages use of the build: its tables required, and the predictions of a single
split made by the build's own code (the report scores them)."""

from __future__ import annotations

import datetime as dt

from pipeline.errors import UserError
from pipeline.games import Game
from pipeline.model.rule import Rule, decide
from pipeline.stages.build_evidence import build_evidence
from pipeline.storage import warehouse
from pipeline.storage.warehouse import Connection


def require_backtest(con: Connection, game: Game) -> None:
    """Raise a UserError unless the build wrote the backtest, custom words and word lists."""
    warehouse.require_tables(con, "backtest", "custom_words", "words", stage_hint="pipeline build")
    missing = warehouse.query(con, "report/missing_columns").column("name")
    if missing:
        raise UserError(
            f"the backtest table has no {', '.join(missing)} column: it was built by an "
            f"older version, run `pipeline build {game.name}` again"
        )


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
