"""Every hook of every game resolves: each function a game's hooks name lazily (`lazy("module:
function")`, solvers/lazy.py) is imported here rather than at its first call in some stage, each
SQL file a hook names exists, and the modules and objects its other hooks give are what the
stages ask for. The registered games and the toy one (tests/toy_game) alike."""

from __future__ import annotations

import dataclasses
import importlib

import pytest

from pipeline.games import GAMES
from pipeline.games.api import GameApi
from pipeline.games.game import Game
from pipeline.games.generated import GameGenerator
from pipeline.games.hooks import GameHooks, hooks_of
from pipeline.storage import sql_files
from solvers.lazy import LazyFunction
from tests.toy_game import GAME as TOY

EVERY_GAME = (*GAMES, TOY)
# What Spelling Bee and Letter Boxed each name lazily: every stage's work but the defaults'
BOTH_GAMES_LAZY = [
    *("day_clues", "day_lines", "day_record", "evidence", "evidence_lines", "fit_style"),
    *("judge", "problems", "report_files", "report_sections", "solve", "staging_row"),
    *("store_style", "stored_record", "style_inputs", "verdicts", "words_for"),
]


def lazy_hooks(hooks: object) -> dict[str, LazyFunction]:
    """Return the hooks (or a generator's fields) named lazily, by name."""
    names = (name for name in dir(hooks) if not name.startswith("_"))
    return {
        name: found for name in names if isinstance(found := getattr(hooks, name), LazyFunction)
    }


@pytest.mark.parametrize("game", EVERY_GAME, ids=lambda game: game.name)
def test_every_hook_named_lazily_resolves_to_a_function(game: Game) -> None:
    hooks = hooks_of(game)
    assert isinstance(hooks, GameHooks)
    named = lazy_hooks(hooks)
    assert sorted(named) == (["verdicts"] if game is TOY else BOTH_GAMES_LAZY)
    generator = hooks.generator()
    if generator is not None:
        fields = {
            field.name: getattr(generator, field.name) for field in dataclasses.fields(generator)
        }
        named |= {
            f"generator.{name}": found
            for name, found in fields.items()
            if isinstance(found, LazyFunction)
        }
    unresolved = [name for name, found in named.items() if not callable(found.function)]
    assert unresolved == []


@pytest.mark.parametrize("game", EVERY_GAME, ids=lambda game: game.name)
def test_every_sql_file_and_module_a_hook_names_exists(game: Game) -> None:
    hooks = hooks_of(game)
    named_sql = [*hooks.merges, *hooks.explain_queries]
    assert [name for name in named_sql if not sql_files.exists(name)] == []
    assert hooks.commands is not None
    importlib.import_module(hooks.commands)
    assert isinstance(hooks.api(), GameApi)
    generator = hooks.generator()
    expected = type(None) if game is TOY else GameGenerator
    assert isinstance(generator, expected)


def test_a_lazy_hook_naming_no_function_fails_at_resolution() -> None:
    missing = LazyFunction("tests.toy_game.archive:no_such_function")
    with pytest.raises(AttributeError, match="no_such_function"):
        _ = missing.function
