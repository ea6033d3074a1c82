"""The Python surface for notebooks (pipeline/api.py): its doctests, on the tiny warehouse."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from pipeline import api


def test_the_documented_examples_run(tiny_warehouse: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIPELINE_CUSTOM", str(tiny_warehouse.parent / "custom"))
    results = doctest.testmod(
        api,
        extraglobs={"warehouse_path": tiny_warehouse, "api": api},
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        raise_on_error=False,
        verbose=False,
    )
    assert (results.failed, results.attempted) == (0, 7)
