"""The Python surface for notebooks (pipeline/api.py): its doctests, on the tiny warehouse."""

from __future__ import annotations

import doctest
from pathlib import Path
from typing import Any

import pytest

from pipeline import api
from pipeline.errors import UserError


def test_the_documented_examples_run(tiny_warehouse: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIPELINE_CUSTOM", str(tiny_warehouse.parent / "custom"))
    results = doctest.testmod(
        api,
        extraglobs={"warehouse_path": tiny_warehouse, "api": api},
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        raise_on_error=False,
        verbose=False,
    )
    assert (results.failed, results.attempted) == (0, 10)


@pytest.fixture
def custom_lists(tiny_warehouse: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the custom lists at the tiny warehouse's."""
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(tiny_warehouse))
    monkeypatch.setenv("PIPELINE_CUSTOM", str(tiny_warehouse.parent / "custom"))
    return tiny_warehouse


@pytest.mark.parametrize(
    ("game", "puzzle"),
    [
        ("spelling-bee", "baeklnt"),
        ("spelling-bee", " BAEKLNT "),
        ("spelling-bee", ["b", "a", "e", "k", "l", "n", "t"]),
        ("spelling-bee", ("b", "aeklnt")),
        ("letter-boxed", ["bam", "lci", "kto", "shp"]),
        ("letter-boxed", "bam/lci/kto/shp"),
        ("letter-boxed", "BAM / LCI / KTO / SHP"),
        ("letter-boxed", ["bam/lci", "kto/shp"]),
        ("letter-boxed", "bam lci kto shp"),
    ],
)
def test_solve_takes_every_form_the_command_line_takes(
    game: str, puzzle: str | list[str], custom_lists: Path
) -> None:
    expected = {"spelling-bee": ["blanket", "able", "alba", "blab"], "letter-boxed": None}
    answers = api.solve(game, puzzle)
    assert answers == (expected[game] or ["blacksmith", "hop"])


# Bad input the command line also takes: the API raises its error line's words.
AS_TYPED = [
    ("spelling-bee", "en"),
    ("spelling-bee", "entivc!"),
    ("spelling-bee", "eentivc"),
    ("spelling-bee", "eentivcz"),
    ("letter-boxed", "ozu/nri/lfa"),
    ("letter-boxed", "ozu nri lfa mbtt"),
    ("letter-boxed", "ozu/nri/lfa/mbo"),
    ("letter-boxed", "ozu/nri/lf4/mbt"),
]


@pytest.mark.parametrize(("game", "puzzle"), AS_TYPED)
def test_bad_letters_or_sides_raise_the_command_line_s_error_line(
    game: str, puzzle: str, custom_lists: Path
) -> None:
    from typer.testing import CliRunner

    from pipeline.cli.app import app

    printed = CliRunner().invoke(app, ["solve", game, *puzzle.split()])
    assert printed.exit_code == 2
    with pytest.raises(api.UserError) as raised:
        api.solve(game, puzzle)
    assert printed.stderr == f"error: {raised.value}\n"


# What a notebook may pass that the command line cannot: values of another type (typed Any here,
# as a caller's variable may be).
FIVE: Any = 5
E_AND_FIVE: Any = ["e", 5]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: api.solve("spelling-bee", ["e", "n"]), "expected 7 letters with the center first, got 2 ('en')"),
        (lambda: api.solve("spelling-bee", FIVE), "the letters are text (entivcz), not 5"),
        (lambda: api.solve("spelling-bee", E_AND_FIVE), "the letters are text (entivcz), not ['e', 5]"),
        (lambda: api.solve("letter-boxed", FIVE), "the sides are texts (ozu nri lfa mbt, or ozu/nri/lfa/mbt), not 5"),
        (lambda: api.solve("letter-boxed", "ozu/nri/lfa"), "a Letter Boxed board has exactly 4 sides, not 3"),
        (lambda: api.solve("chess", "abc"), "unknown game 'chess': use one of spelling-bee, letter-boxed"),
    ],
)  # fmt: skip
def test_every_bad_input_is_one_error_type_in_the_command_line_s_words(
    call, message: str, custom_lists: Path
) -> None:
    with pytest.raises(api.UserError) as raised:
        call()
    assert str(raised.value) == message
    assert api.UserError is UserError


def test_a_word_or_game_the_warehouse_does_not_know_is_the_same_error(custom_lists: Path) -> None:
    with api.open_warehouse(custom_lists) as con:
        with pytest.raises(api.UserError, match="^'zzzq' is not in the Spelling Bee universe$"):
            api.probability(con, "zzzq", "spelling-bee")
        with pytest.raises(api.UserError, match="^unknown game 'chess'"):
            api.archive(con, "chess")
