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


# A figure: a number with a thousands separator or a decimal point (counts, scores, timings).
FIGURE = re.compile(r"(?<![\w./-])(\d{1,3}(?:,\d{3})+|\d+\.\d+)(?!\d)")
MEASURED = re.compile(r"(?:[Mm]easured|estimated) on \d{4}-\d{2}-\d{2}")
CHECKED = re.compile(r"checked by (tests/\w+\.py)::(\w+)")
CONSTANTS = re.compile(r"constants of `(pipeline/[\w/]+\.py)`")
NOT_FIGURES = {"3.11"}  # the Python version the project needs
TESTS = Path(__file__).resolve().parent


def unbacked_figures() -> list[str]:
    """Return each README figure that no test asserts and no date marks as measured: a figure is
    backed when a test file holds it, or its paragraph (or the one before, for a table) says
    "measured on DATE" or names the test that checks it ("checked by tests/FILE.py::TEST"), or
    it is one of the "constants of `pipeline/FILE.py`" the paragraph names (that file holds it)."""
    test_text = "\n".join(path.read_text() for path in TESTS.glob("*.py"))
    blocks = re.split(r"\n\s*\n", README)
    unbacked = []
    for number, block in enumerate(blocks):
        context = block + "\n" + (blocks[number - 1] if number else "")
        if MEASURED.search(context) or any(
            f"def {test}(" in (TESTS.parent / path).read_text()
            for path, test in CHECKED.findall(context)
        ):
            continue
        sources = "\n".join(
            (TESTS.parent / path).read_text() for path in CONSTANTS.findall(context)
        )
        unbacked += [
            f"{figure} ({block.strip().splitlines()[0][:60]})"
            for figure in dict.fromkeys(FIGURE.findall(block))
            if figure not in NOT_FIGURES
            and figure not in sources
            and figure not in test_text
            and figure.replace(",", "") not in test_text
            and figure.replace(",", "_") not in test_text
        ]
    return unbacked


def test_every_readme_figure_is_checked_by_a_test_or_dated() -> None:
    assert unbacked_figures() == []


def command_options(group: TyperGroup, prefix: str = "pipeline") -> dict[str, set[str]]:
    """Return every command's visible option names, groups expanded."""
    found: dict[str, set[str]] = {}
    for name, command in group.commands.items():
        if isinstance(command, TyperGroup):
            found |= command_options(command, f"{prefix} {name}")
        else:
            found[f"{prefix} {name}"] = {
                opt
                for param in command.params
                if not getattr(param, "hidden", False)
                for opt in param.opts
            }
    return found


def test_the_options_the_readme_says_are_shared_are() -> None:
    """`--json` is on exactly the commands the README names (a name stands for every command
    under it: `solve` is both solvers), and no command names a date window otherwise than
    --since/--until."""
    root = typer.main.get_command(app)
    assert isinstance(root, TyperGroup)
    options = command_options(root)
    sentence = README.split("`--json` prints one JSON object on stdout for scripts on ", 1)[1]
    named = re.findall(r"`([a-z -]+)`", sentence.split("(progress goes to stderr)", 1)[0])
    claimed = {
        command
        for command in options
        for name in named
        if command == f"pipeline {name}" or command.startswith(f"pipeline {name} ")
    }
    assert claimed == {command for command, opts in options.items() if "--json" in opts}
    other_windows = {"--from", "--to", "--start", "--end", "--after", "--before"}
    assert {
        command: opts & other_windows for command, opts in options.items() if opts & other_windows
    } == {}


def test_the_readme_lists_the_commands_of_each_help_panel() -> None:
    root = typer.main.get_command(app)
    assert isinstance(root, TyperGroup)
    panels: dict[str, set[str]] = {}
    for name, command in root.commands.items():
        panels.setdefault(getattr(command, "rich_help_panel", None) or "", set()).add(name)
    sentence = " ".join(section("Commands").split("\n\n", 1)[0].split())
    listed = re.findall(r"\*([\w ]+)\* \(([^)]*)\)", sentence)
    assert {panel: set(re.findall(r"`(\w+)`", names)) for panel, names in listed} == panels
