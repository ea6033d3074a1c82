"""The counts the README quotes from the mirror's warehouse (built by `make dictionary`), each
asserted here so that a change that moves one fails until the README says the new one."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from solvers import letter_boxed as lb


@pytest.mark.mirror
def test_the_export_and_report_counts(mirror_warehouse) -> None:
    with mirror_warehouse.connect() as con:
        custom = con.execute(
            "SELECT count(*), count_if(included) FROM custom_words WHERE game = 'spelling-bee'"
        ).fetchone()
        days = con.execute("SELECT count_if(dictionary_known) FROM letter_boxed_puzzles").fetchone()
    assert custom == (557_673, 84_308)  # export custom: rows, and --included-only
    assert days == (1_170,)  # the Letter Boxed days with the NYT's list


@pytest.mark.mirror
def test_the_three_word_solutions_of_slc_wij_yga_nok(mirror_warehouse) -> None:
    words = (mirror_warehouse.custom / "letter_boxed.txt").read_text().split()
    board = lb.parse_board(["slc", "wij", "yga", "nok"])
    assert lb.count_by_words(board, words, 3) == [0, 19, 12_850]


@pytest.mark.mirror
@pytest.mark.parametrize(
    ("flags", "space", "best"),
    [
        (
            ["--no-s"],
            "4,961 pangram letter sets, 34,727 honeycombs",
            "| aeginrt | N      |   302 |       29 |  2,224 |",
        ),
        (
            [],
            "9,631 pangram letter sets, 67,417 honeycombs",
            "| aeinrst | E      |   593 |       45 |  4,131 |",
        ),
    ],
)
def test_the_custom_honeycomb_space(mirror_warehouse, flags, space, best) -> None:
    result = CliRunner().invoke(
        app, ["analyze", "spelling-bee", "--top", "1", *flags], env=mirror_warehouse.env
    )
    assert result.exit_code == 0, result.output
    assert space in result.stdout.splitlines()[0]
    assert best in result.stdout


def readme_block_after(marker: str) -> str:
    """Return the text of the README's first fenced block after a line holding `marker`."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    after = readme[readme.index(marker) :]
    start = after.index("```\n") + len("```\n")
    return after[start : after.index("```", start)]


@pytest.mark.mirror
@pytest.mark.parametrize(
    ("marker", "args"),
    [
        (
            "For 2025-08-01 the Spelling Bee's clues begin",
            ["today", "spelling-bee", "--date", "2025-08-01", "--clues", "--offline"],
        ),
        ("For `tidied` the WordNet lines read", ["explain", "tidied", "--game", "spelling-bee"]),
    ],
)
def test_the_readme_s_clue_examples(mirror_warehouse, marker: str, args: list[str]) -> None:
    result = CliRunner().invoke(app, args, env=mirror_warehouse.env)
    assert result.exit_code == 0, result.output
    assert readme_block_after(marker) in result.stdout
