"""The README documents every command of the CLI."""

from pathlib import Path

import typer

from pipeline.cli import app

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()


def command_names(typer_app: typer.Typer, prefix: str = "pipeline") -> list[str]:
    """Return the full names of every command, groups expanded."""
    names = []
    for command in typer_app.registered_commands:
        names.append(f"{prefix} {command.name or command.callback.__name__}")
    for group in typer_app.registered_groups:
        names += command_names(group.typer_instance, f"{prefix} {group.name}")
    return names


def test_every_command_has_a_readme_section() -> None:
    names = command_names(app)
    assert len(names) == 10
    undocumented = [name for name in names if f"### `{name}" not in README]
    assert undocumented == []


def test_the_readme_opens_with_the_two_set_up_commands() -> None:
    set_up = README.split("## Commands")[0]
    assert "make dictionary" in set_up and "make test" in set_up
