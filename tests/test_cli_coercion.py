"""The command line's plain coercion (pipeline/cli/coercion.py): the same values and the same
messages as Typer's own coercion through the validation library, which no command loads."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer._click.exceptions import BadParameter
from typer._coercion import build_runtime_param

from pipeline.cli.app import app, usage_message
from pipeline.cli.coercion import PlainValue, is_plain, plain_coercion

PROJECT = Path(__file__).resolve().parent.parent

# Texts a person may type for an option (each option's default is tried too).
TYPED = ["7", "-3", " 12 ", "1.5", "abc", "", "spelling-bee", "JSONL", "jsonl", "subsets", "yes"]
TYPED += ["off", "data/x.txt", "-", "1e3", "-inf", "0x1f", "1_000"]


def outcome(runtime: Any, param: Any, value: Any) -> tuple[str, Any]:
    """Return what a coercion makes of a value: ("value", it), or ("error", the line the CLI
    prints of it)."""
    try:
        return "value", runtime.coerce(value, param=param, ctx=None)
    except BadParameter as error:
        return "error", usage_message(error)


def every_param(command: Any) -> list[Any]:
    """Return the parameters of a command and its subcommands."""
    found = list(getattr(command, "params", []))
    for sub in getattr(command, "commands", {}).values():
        found += every_param(sub)
    return found


def test_every_plain_option_gets_the_values_and_messages_typers_coercion_gives() -> None:
    params = [param for param in every_param(typer.main.get_command(app)) if is_plain(param)]
    kinds = {repr(param.type_descriptor.annotation) for param in params}
    assert {"<class 'str'>", "<class 'int'>", "<class 'float'>", "<class 'pathlib.Path'>"} <= kinds
    assert "list[str]" in kinds and any("enum" in kind for kind in kinds)
    compared = 0
    for param in params:
        described = param.type_descriptor
        plain = PlainValue(described.parameter_info, described.annotation)
        typers = build_runtime_param(described)
        typed = [(value,) if param.nargs == -1 else value for value in TYPED]
        for value in [*typed, param.default]:
            ours, theirs = outcome(plain, param, value), outcome(typers, param, value)
            assert ours == theirs, (param.name, value)
            compared += 1
    assert compared > 1000


def test_the_whole_tree_is_given_the_plain_coercion_help_options_too() -> None:
    command = typer.main.get_command(app)
    ctx = command.make_context("pipeline", ["solve", "spelling-bee", "entivcz"])
    plain_coercion(command)
    solve = command.commands["solve"].commands["spelling-bee"]  # type: ignore[attr-defined]
    given = [param for param in [*solve.params, solve._help_option] if param is not None]
    assert given and all(isinstance(param._runtime_param, PlainValue) for param in given)
    ctx.close()


LOADED = """
import sys
from pipeline.cli import main
sys.argv = ["pipeline", *sys.argv[1:]]
status = 0
try:
    main()
except SystemExit as exit:
    status = exit.code
print(status, sorted(name for name in ("pydantic", "typer._adapters") if name in sys.modules))
"""


@pytest.mark.parametrize(
    ("command", "status"),
    [
        (["solve", "spelling-bee", "--batch", "{batch}", "-d", "custom", "--solver", "subsets"], 0),
        (["solve", "letter-boxed", "bam", "lci", "kto", "shp"], 0),
        (["today", "--offline"], 0),
        (["explain", "bale", "--json"], 0),
        (["bench", "spelling-bee", "--puzzles", "many"], 2),
    ],
)
def test_a_command_loads_no_validation_library(
    tiny_warehouse: Path, tmp_path: Path, command: list[str], status: int
) -> None:
    batch = tmp_path / "puzzles.jsonl"
    batch.write_text('{"center": "a", "others": "belmtk"}\n')
    env = os.environ | {
        "PIPELINE_WAREHOUSE": str(tiny_warehouse),
        "PIPELINE_CUSTOM": str(tiny_warehouse.parent / "custom"),
        "PIPELINE_OFFLINE": "1",
    }
    argv = [part.format(batch=batch) for part in command]
    done = subprocess.run(
        [sys.executable, "-c", LOADED, *argv], capture_output=True, text=True, env=env, cwd=PROJECT
    )
    assert done.stdout.splitlines()[-1] == f"{status} []", done.stdout + done.stderr
