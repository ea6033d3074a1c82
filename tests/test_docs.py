"""The README and docs/ tell the truth about the tool's surface: every command has its page, whose
usage is its `--help`; every option, warehouse table and HTTP route is documented in docs/; every
figure is backed by a test or dated; the README stays a front door; and links lead somewhere."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.core import TyperGroup

from pipeline.cli.app import app
from pipeline.serve.app import create_app
from pipeline.serve.settings import Settings
from pipeline.storage import warehouse
from tests.docs_pages import (
    DOCS,
    HELP_ENV,
    REGION,
    ROOT,
    commands,
    help_block,
    pages,
    regenerated,
)

README = ROOT / "README.md"
FENCE = re.compile(r"^```.*?^```$", re.M | re.S)


def prose(path: Path) -> str:
    """Return a page's text without its generated regions (the help, the tables' DDL)."""
    return REGION.sub("", path.read_text())


def page_of(command: str) -> Path:
    """Return the page of a command: `pipeline solve letter-boxed` -> docs/commands/solve.md."""
    return DOCS / "commands" / f"{command.split()[1]}.md"


def root_group() -> TyperGroup:
    """Return the app's root group of commands."""
    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)
    return group


def command_options(group: TyperGroup, prefix: str = "pipeline") -> dict[str, set[str]]:
    """Return every command's visible option names (both sides of a flag), groups expanded."""
    found: dict[str, set[str]] = {}
    for name, command in group.commands.items():
        if isinstance(command, TyperGroup):
            found |= command_options(command, f"{prefix} {name}")
        else:
            found[f"{prefix} {name}"] = {
                opt
                for param in command.params
                if not getattr(param, "hidden", False)
                for opt in [*param.opts, *getattr(param, "secondary_opts", [])]
                if opt.startswith("-")
            }
    return found


@pytest.mark.parametrize("page", pages(), ids=lambda page: page.relative_to(DOCS).as_posix())
def test_the_generated_parts_of_the_page_are_what_the_code_says(page: Path) -> None:
    """Run `.venv/bin/python -m tests.docs_pages --write` after changing a command or a table."""
    assert regenerated(page.read_text()) == page.read_text()


@pytest.mark.parametrize("command", commands())
def test_every_command_has_its_page_and_its_usage(command: str) -> None:
    text = page_of(command).read_text()
    assert re.search(rf"^#{{1,2}} `{re.escape(command)}[` ]", text, re.M), command
    assert f"<!-- usage: {command} -->" in text


@pytest.mark.parametrize("command", commands())
def test_every_usage_block_is_what_the_command_prints(command: str) -> None:
    """The page's usage is the help a real `pipeline ... --help` prints (its program name too)."""
    printed = subprocess.run(
        [sys.executable, "-c", "from pipeline.cli import main; main()", *command.split()[1:]]
        + ["--help"],
        env={**os.environ, **HELP_ENV, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (printed.returncode, printed.stderr) == (0, "")
    assert printed.stdout.lstrip("\n ").startswith(f"Usage: {command} ")
    assert help_block(command, printed.stdout) in page_of(command).read_text()


@pytest.mark.parametrize("command", commands())
def test_every_option_is_described_on_its_command_s_page(command: str) -> None:
    described = prose(page_of(command))
    options = command_options(root_group())[command] - {"-h", "--help"}
    assert sorted(opt for opt in options if not re.search(rf"{opt}(?![\w-])", described)) == []


def test_every_table_sql_declares_is_on_the_tables_page() -> None:
    listed = re.findall(r"^#### `(\w+)`", (DOCS / "tables.md").read_text(), re.M)
    declared = [name.rpartition("/")[2] for name in warehouse.table_files()]
    assert sorted(listed) == sorted(declared)


def test_every_route_of_the_server_is_on_the_api_page(tmp_path: Path) -> None:
    api = create_app(Settings(tmp_path / "warehouse.duckdb", tmp_path / "progress.sqlite"))
    documented = set(re.findall(r"^\| `([A-Z]+ /[^`?\s]+)", (DOCS / "api.md").read_text(), re.M))
    routes = {
        f"{method.upper()} {path}"
        for path, operations in api.openapi()["paths"].items()
        for method in operations
        if path.startswith("/api/")
    }
    assert documented == routes


def test_the_readme_is_a_front_door() -> None:
    text = README.read_text()
    assert len(text.splitlines()) <= 250
    set_up = text.split("## Quick start")[0]
    assert "make dictionary" in set_up and "make test" in set_up


def test_the_readme_s_table_lists_every_command_in_its_help_panel() -> None:
    rows = re.findall(
        r"^\| \[`pipeline (\w+)`\]\(docs/commands/(\w+)\.md\) \| ([\w ]+) \|",
        README.read_text(),
        re.M,
    )
    assert all(name == page for name, page, _ in rows)
    panels = {
        name: getattr(command, "rich_help_panel", None) or ""
        for name, command in root_group().commands.items()
    }
    assert {name: panel for name, _, panel in rows} == panels


def test_the_options_the_manual_says_are_shared_are() -> None:
    """`--json` is on exactly the commands docs/cli.md names (a name stands for every command
    under it: `solve` is both solvers), and no command names a date window otherwise than
    --since/--until."""
    options = command_options(root_group())
    text = (DOCS / "cli.md").read_text()
    sentence = text.split("`--json` prints one JSON object on stdout for scripts on ", 1)[1]
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


LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("page", [README, *pages()], ids=lambda page: page.name)
def test_every_link_leads_to_a_file_of_the_project(page: Path) -> None:
    targets = {(page.parent / link).resolve() for link in LINK.findall(page.read_text())}
    missing = {target for target in targets if not target.exists()}
    assert sorted(map(str, missing)) == []


# A figure: a number with a thousands separator or a decimal point (counts, scores, timings).
FIGURE = re.compile(r"(?<![\w./-])(\d{1,3}(?:,\d{3})+|\d+\.\d+)(?!\d|\.\d)")
# A dated figure says the day and the commit that wrote it down: `measured on DATE at COMMIT`.
MEASURED = re.compile(r"(?:[Mm]easured|estimated) on\s+\d{4}-\d{2}-\d{2} at ([0-9a-f]{7,40})\b")
DATED = re.compile(r"(?:[Mm]easured|estimated) on\s+\d{4}-\d{2}-\d{2}")
CHECKED = re.compile(r"checked by (tests/\w+\.py)::(\w+)")
CONSTANTS = re.compile(r"constants of `(pipeline/[\w/]+\.py)`")
DISTINCT = re.compile(r"\d{1,3}(?:,\d{3})+|\d+\.\d{3,}")
NOT_FIGURES = {"3.11"}  # the Python version the project needs
TESTS = Path(__file__).resolve().parent


def unbacked_figures(text: str) -> list[str]:
    """Return each figure of a page that no test asserts and no date marks as measured: a figure
    is backed when a test file holds it, or its paragraph (or the one before, for a table) says
    "measured on DATE" or names the test that checks it ("checked by tests/FILE.py::TEST"), or
    it is one of the "constants of `pipeline/FILE.py`" the paragraph names (that file holds it)."""
    test_text = "\n".join(path.read_text() for path in TESTS.glob("*.py"))
    blocks = re.split(r"\n\s*\n", text)
    unbacked = []
    for number, block in enumerate(blocks):
        context = block + "\n" + (blocks[number - 1] if number else "")
        if MEASURED.search(context) or any(
            f"def {test}(" in (ROOT / path).read_text() for path, test in CHECKED.findall(context)
        ):
            continue
        sources = "\n".join((ROOT / path).read_text() for path in CONSTANTS.findall(context))
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


@pytest.mark.parametrize("page", [README, *pages()], ids=lambda page: page.name)
def test_every_figure_is_checked_by_a_test_or_dated(page: Path) -> None:
    assert unbacked_figures(prose(page)) == []


@pytest.mark.parametrize("page", [README, *pages()], ids=lambda page: page.name)
def test_every_date_of_a_measure_names_a_commit_of_the_history(page: Path) -> None:
    """A figure that dates says when and at which commit it was measured; the commit is one of
    the project's (checked where the history is at hand: a clone, not an unpacked archive)."""
    text = page.read_text()
    assert len(MEASURED.findall(text)) == len(DATED.findall(text))
    commits = set(MEASURED.findall(text))
    if not commits or shutil.which("git") is None or not (ROOT / ".git").exists():
        return
    unknown = [
        commit
        for commit in sorted(commits)
        if subprocess.run(
            ["git", "cat-file", "-e", f"{commit}^{{commit}}"], cwd=ROOT, capture_output=True
        ).returncode
    ]
    assert unknown == []


def figures_of(page: Path) -> set[str]:
    """Return the figures a page states in its sentences (not in its examples, its code or its
    tables, whose columns may hold one measure beside another that happens to be equal)."""
    sentences = [
        line for line in FENCE.sub("", prose(page)).splitlines() if not line.startswith("|")
    ]
    return {
        figure
        for figure in FIGURE.findall("\n".join(sentences))
        if DISTINCT.fullmatch(figure)  # 0.2 or 1.5 are often two facts, 67,417 never
    }


def test_no_figure_is_written_on_two_pages() -> None:
    """A figure is said once, and linked to from elsewhere."""
    seen: dict[str, str] = {}
    twice = []
    for page in [README, *pages()]:
        name = page.relative_to(ROOT).as_posix()
        for figure in sorted(figures_of(page)):
            if figure in seen:
                twice.append(f"{figure}: {seen[figure]} and {name}")
            seen.setdefault(figure, name)
    assert twice == []
