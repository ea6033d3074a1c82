"""The README documents every command of the CLI."""

from pathlib import Path

import typer
from typer.core import TyperGroup

from pipeline.cli.app import app

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()


def command_names(group: TyperGroup, prefix: str = "pipeline") -> list[str]:
    """Return the full names of every command, groups expanded."""
    names = []
    for name, command in group.commands.items():
        if isinstance(command, TyperGroup):
            names += command_names(command, f"{prefix} {name}")
        else:
            names.append(f"{prefix} {name}")
    return names


def test_every_command_has_a_readme_section() -> None:
    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)
    names = command_names(group)
    assert len(names) == 14
    undocumented = [name for name in names if f"### `{name}" not in README]
    assert undocumented == []


def test_the_readme_opens_with_the_two_set_up_commands() -> None:
    set_up = README.split("## Commands")[0]
    assert "make dictionary" in set_up and "make test" in set_up
