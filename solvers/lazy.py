"""Modules and functions imported on first use: a command that never needs one starts without it
(numpy and DuckDB take 50-100 ms each to import). The one lazy-import mechanism of the project:
a game's hooks name their work with `lazy("module:function")` too."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cached_property
from typing import Any


class LazyModule:
    """A module imported when one of its attributes is first read; each attribute read is then
    kept, so that later reads cost what a module's do."""

    def __init__(self, name: str) -> None:
        """Name the module; nothing is imported yet."""
        self._name = name

    def __getattr__(self, attribute: str) -> Any:
        value = getattr(importlib.import_module(self._name), attribute)
        setattr(self, attribute, value)
        return value


class LazyFunction:
    """A function named `module:function`, imported at its first call: how a game's hooks name
    their work without importing it (numpy, the solvers) with the hooks."""

    def __init__(self, target: str) -> None:
        self.target = target

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.function(*args, **kwargs)

    def __repr__(self) -> str:
        return f"lazy({self.target!r})"

    @cached_property
    def function(self) -> Callable[..., Any]:
        """Return the function named, imported."""
        module, _, name = self.target.partition(":")
        found: Callable[..., Any] = getattr(importlib.import_module(module), name)
        return found


def lazy(target: str) -> Any:
    """Return a function that calls the function `module:function`, imported at the first call."""
    return LazyFunction(target)
