"""The README tells the truth about the tool's surface: every command of the CLI has a section,
and the warehouse-tables section lists exactly the tables `sql/tables/` declares."""

import re
from pathlib import Path

import pytest
import typer
from typer.core import TyperGroup

from pipeline.cli.app import app
from pipeline.storage import warehouse

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


def every_command() -> list[str]:
    """Return the full name of every command of the app."""
    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)
    return command_names(group)


@pytest.mark.parametrize("command", every_command())
def test_every_command_has_a_readme_section(command: str) -> None:
    assert f"### `{command}" in README


def section(heading: str) -> str:
    """Return the README's text under a `## heading`, up to the next one."""
    return README.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]


def test_the_tables_section_lists_every_table_sql_declares() -> None:
    listed = re.findall(r"^\| `(\w+)`", section("Warehouse tables"), re.MULTILINE)
    declared = [name.rpartition("/")[2] for name in warehouse.table_files()]
    assert sorted(listed) == sorted(declared)


def test_the_readme_opens_with_the_two_set_up_commands() -> None:
    set_up = README.split("## Commands")[0]
    assert "make dictionary" in set_up and "make test" in set_up
