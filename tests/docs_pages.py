"""The generated parts of the pages in docs/: each command's usage (its `--help`) and the warehouse
tables (their files under pipeline/sql/tables/ and each game's sql/tables/), between marker
comments, as cog keeps sqlite-utils' CLI reference. `python -m tests.docs_pages --write` rewrites them; `--check` (and
tests/test_docs.py) fails when a page differs from what the code says.

    <!-- usage: pipeline solve letter-boxed -->
    ...generated...
    <!-- end usage -->
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import typer
from typer import rich_utils
from typer.core import TyperCommand, TyperGroup
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.storage import sql_files, warehouse

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
# A fixed width, no colour: the help reads the same on every terminal and in every test run.
HELP_WIDTH = 100
HELP_ENV = {"COLUMNS": str(HELP_WIDTH), "NO_COLOR": "1"}
REGION = re.compile(r"(<!-- (usage|tables|upgrades): ?(.*?) -->\n)(.*?)(<!-- end \2 -->)", re.S)
UPGRADES = ROOT / "pipeline" / "sql" / "upgrades"


def usage(command: str) -> str:
    """Return the help of a command (`pipeline solve letter-boxed`) as a text block, as the
    program prints it (tests/test_docs.py checks it against a real `pipeline ... --help`)."""
    args = command.split()[1:]
    # Typer reads TERMINAL_WIDTH once, at import: set its width for this call only, so that
    # neither the caller's terminal nor this call changes the help other tests see.
    width, rich_utils.MAX_WIDTH = rich_utils.MAX_WIDTH, HELP_WIDTH
    try:
        result = CliRunner().invoke(
            app, [*args, "--help"], prog_name="pipeline", env=HELP_ENV, color=False
        )
    finally:
        rich_utils.MAX_WIDTH = width
    assert result.exit_code == 0, result.output
    return help_block(command, result.stdout)


def help_block(command: str, help_text: str) -> str:
    """Return a command's help as the text block its page shows (no blank lines at either end,
    no spaces at the ends of lines)."""
    lines = [line.rstrip() for line in help_text.splitlines()]
    text = "\n".join(lines).strip("\n")
    return f"```text\n$ {command} --help\n{text}\n```\n"


STAGE_ORDER = ("registry", "words", "scrape", "build")  # as the data flows


def tables(_: str = "") -> str:
    """Return the warehouse tables by stage, each with its file's comment and its DDL."""
    names = sorted(
        warehouse.table_files(), key=lambda name: (STAGE_ORDER.index(name.split("/")[0]), name)
    )
    parts: list[str] = []
    for name in names:
        stage, table = name.split("/")
        if not parts or f"({stage})" not in parts[-1]:
            written = "every stage" if stage == "registry" else f"`pipeline {stage}`"
            parts.append(f"### Written by {written} ({stage})\n")
        path = sql_files.path(name, sql_files.TABLES)
        assert path is not None, name
        text = path.read_text()
        file = path.relative_to(ROOT).as_posix()
        comment, _, ddl = text.partition("CREATE ")
        about = " ".join(line.removeprefix("--").strip() for line in comment.splitlines())
        parts.append(
            f"#### `{table}` ({stage})\n\n"
            f"[`{file}`](../{file}): {about}\n\n"
            f"```sql\nCREATE {ddl.strip()}\n```\n"
        )
    return "\n".join(parts)


def upgrades(_: str = "") -> str:
    """Return the numbered upgrades of an older warehouse, each with its file's first comment."""
    items = []
    for path in sorted(UPGRADES.glob("[0-9]*.sql")):
        if path.name.endswith(".needed.sql"):
            continue
        about = []
        for line in path.read_text().splitlines():
            if not line.startswith("--"):
                break
            about.append(line.removeprefix("--").strip())
        items.append(f"- `{path.stem}`: {' '.join(about)}")
    return "\n".join(items) + "\n"


GENERATORS: dict[str, Callable[[str], str]] = {
    "usage": usage,
    "tables": tables,
    "upgrades": upgrades,
}


def regenerated(text: str) -> str:
    """Return a page with every generated region made again from the code."""
    return REGION.sub(lambda found: f"{found[1]}{GENERATORS[found[2]](found[3])}{found[5]}", text)


def pages() -> list[Path]:
    """Return every Markdown page of docs/."""
    return sorted(DOCS.rglob("*.md"))


def commands() -> list[str]:
    """Return the full name of every command of the app, groups expanded."""
    return [name for name, _ in leaf_commands()]


def leaf_commands(
    group: TyperGroup | None = None, prefix: str = "pipeline"
) -> list[tuple[str, TyperCommand]]:
    """Return every command of the app (groups expanded) with its full name."""
    if group is None:
        root = typer.main.get_command(app)
        assert isinstance(root, TyperGroup)
        group = root
    found: list[tuple[str, TyperCommand]] = []
    for name, command in group.commands.items():
        if isinstance(command, TyperGroup):
            found += leaf_commands(command, f"{prefix} {name}")
        elif isinstance(command, TyperCommand):
            found.append((f"{prefix} {name}", command))
    return found


def main(argv: list[str]) -> int:
    """Rewrite (`--write`) or check (`--check`) the generated regions of every page."""
    stale = []
    for page in pages():
        text = page.read_text()
        new = regenerated(text)
        if new != text:
            stale.append(page.relative_to(ROOT))
            if "--write" in argv:
                page.write_text(new)
    verb = "rewrote" if "--write" in argv else "out of date"
    for page in stale:
        print(f"{verb}: {page}")
    return 1 if stale and "--write" not in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
