"""Modules imported on first use: a command that never needs one starts without it (numpy and
DuckDB take 50-100 ms each to import)."""

from __future__ import annotations

import importlib
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
