"""What the toy game adds: three hooks, every other one the default of a game with nothing to
add there (pipeline/games/hooks.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pipeline.games.hooks import GameHooks, lazy

if TYPE_CHECKING:
    from pipeline.games.api import GameApi


class ToyHooks(GameHooks):
    """The toy game's verdicts, API and commands."""

    verdicts = lazy("tests.toy_game.archive:verdicts")
    commands = "tests.toy_game.cli"

    def api(self) -> GameApi:
        from tests.toy_game.api import API

        return API


HOOKS = ToyHooks()
