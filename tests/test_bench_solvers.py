"""`make bench`'s three commands run through (on the tiny warehouse, a few puzzles each): their
examples in docs/commands/bench.md take minutes on the mirror, so they are run here instead."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pipeline.cli.app import app


def test_the_solver_benches_run_on_the_tiny_warehouse(tiny_copy: Path) -> None:
    runner = CliRunner()
    bee = runner.invoke(
        app, ["bench", "spelling-bee", "--puzzles", "2", "--dictionary", "enable", "--json"]
    )
    assert bee.exit_code == 0, bee.output
    box = runner.invoke(
        app, ["bench", "letter-boxed", "--boards", "2", "--dictionary", "enable", "--json"]
    )
    assert box.exit_code == 0, box.output
    solvers = json.loads(bee.stdout)["solvers"]
    assert list(solvers) == ["naive", "bitwise", "trie", "radix", "subsets", "sql"]
    assert solvers["sql"]["puzzles"] == 4  # the SQL solver answers every archived puzzle
    assert list(json.loads(box.stdout)) == ["NYT daily dictionary", "enable (filter + solve)"]
    scored = runner.invoke(app, ["bench", "analyze"])
    assert scored.exit_code == 0, scored.output
    assert "| custom, S allowed |         28 |" in scored.stdout  # the tiny list's honeycombs
