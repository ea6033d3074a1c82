"""Every example of the README and of docs/ runs against the mirror warehouse (`make dictionary`'s),
and the output it shows is the output it prints, so that no example can rot.

An example is a fenced block:
- `sh`: each line a `pipeline` command (a `# comment` after it is left out), run in order in a new
  folder, each expected to succeed;
- `console`: `$ COMMAND` lines, each followed by what it prints; a line `...` stands for any lines
  left out (at the start, between, or at the end), every other line must be printed as shown;
- `python`: run where `make dictionary` ran (its `warehouse.duckdb` and `data/custom/`), what it
  prints equal to the `text` block that follows it.
A command may end in `| head -N` (its first N lines). An example that cannot run here (a server, a
rebuild of minutes, a benchmark) is preceded by `<!-- not run: WHY; tests/FILE.py::TEST runs it
instead -->`, and that test must exist.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from tests.docs_pages import REGION, ROOT, pages

FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.M | re.S)
NOT_RUN = re.compile(r"<!-- not run: (.*?) -->\s*$", re.S)
TEST_NAME = re.compile(r"(tests/\w+\.py)::(\w+)")
RUN = ("sh", "console", "python")


@dataclass(frozen=True)
class Example:
    """One fenced example of a page: where it is, its kind and text, and what it says it prints."""

    page: str
    line: int
    kind: str
    text: str
    shown: str | None  # a Python example's printed output
    not_run: str | None  # why it is not run here, and which test runs it instead

    def __str__(self) -> str:
        return f"{self.page}:{self.line}"


def page_examples(path: Path) -> list[Example]:
    """Return the examples of one page (generated regions left out: they are the help)."""
    text = REGION.sub(lambda found: "\n" * found[0].count("\n"), path.read_text())
    name = path.relative_to(ROOT).as_posix()
    fences = list(FENCE.finditer(text))
    found = []
    for number, fence in enumerate(fences):
        kind, body = fence[1], fence[2]
        if kind not in RUN:
            continue
        before = text[fences[number - 1].end() if number else 0 : fence.start()]
        marker = NOT_RUN.search(before)
        shown = None
        if kind == "python" and number + 1 < len(fences) and fences[number + 1][1] == "text":
            shown = fences[number + 1][2]
        line = text.count("\n", 0, fence.start()) + 1
        found.append(Example(name, line, kind, body, shown, marker[1] if marker else None))
    return found


def every_example() -> list[Example]:
    """Return every example of the README and of docs/."""
    return [example for path in [ROOT / "README.md", *pages()] for example in page_examples(path)]


EXAMPLES = every_example()
RUN_HERE = [example for example in EXAMPLES if example.not_run is None]


def commands_of(example: Example) -> list[tuple[str, str | None]]:
    """Return an example's commands, each with the output it shows (None: not shown)."""
    if example.kind == "sh":
        return [(line, None) for line in example.text.splitlines() if shlex.split(line, True)]
    steps: list[tuple[str, list[str]]] = []
    for line in example.text.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        else:
            steps[-1][1].append(line)
    return [(command, "\n".join(shown)) for command, shown in steps]


def run(command: str, env: dict[str, str]) -> str:
    """Run one `pipeline` command line in-process and return what it printed on stdout."""
    words = shlex.split(command, comments=True)
    head = None
    if "|" in words:
        words, pipe = words[: words.index("|")], words[words.index("|") + 1 :]
        assert pipe[0] == "head" and pipe[1].startswith("-"), f"only `| head -N`: {command}"
        head = int(pipe[1][1:])
    assert words[0] == "pipeline", f"not a pipeline command (mark it not run): {command}"
    result = CliRunner().invoke(app, words[1:], env=env)
    assert result.exit_code == 0, f"{command}\n{result.output}"
    lines = result.stdout.splitlines()
    return "\n".join(lines[:head] if head is not None else lines)


def matches(shown: str, printed: str) -> bool:
    """Return True when the printed lines are the shown ones, `...` standing for any lines."""
    pattern = "".join(
        "(?:.*\n)*?" if line == "..." else re.escape(line) + "\n" for line in shown.splitlines()
    )
    return re.fullmatch(pattern, printed + "\n") is not None


@pytest.fixture
def example_env(mirror_warehouse, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict:
    """Return the environment of an example: the mirror warehouse, its files written here."""
    monkeypatch.chdir(tmp_path)
    return mirror_warehouse.env | {
        "PIPELINE_REPORTS": str(tmp_path / "reports"),
        "PIPELINE_OFFLINE": "1",
        "COLUMNS": "100",
    }


@pytest.mark.mirror
@pytest.mark.parametrize("example", RUN_HERE, ids=str)
def test_the_example_prints_what_it_shows(example: Example, example_env: dict, tmp_path) -> None:
    if example.kind == "python":
        run_python(example, tmp_path, example_env)
        return
    for command, shown in commands_of(example):
        printed = run(command, example_env)
        if shown is not None:
            assert matches(shown, printed), f"{command} printed:\n{printed}"


def run_python(example: Example, folder: Path, env: dict[str, str]) -> None:
    """Run a Python example where `make dictionary` ran, as a notebook shows what it prints."""
    assert example.shown is not None, f"{example}: a Python example shows what it prints"
    (folder / "warehouse.duckdb").symlink_to(env["PIPELINE_WAREHOUSE"])
    (folder / "data").mkdir()
    (folder / "data" / "custom").symlink_to(env["PIPELINE_CUSTOM"])
    printed = io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(printed):
        for name in ("PIPELINE_WAREHOUSE", "PIPELINE_CUSTOM"):
            patch.delenv(name, raising=False)
        exec(compile(example.text, example.page, "exec"), {})
    assert printed.getvalue() == example.shown


@pytest.mark.parametrize("example", [example for example in EXAMPLES if example.not_run], ids=str)
def test_an_example_not_run_here_names_the_test_that_runs_it(example: Example) -> None:
    assert example.not_run is not None
    named = TEST_NAME.findall(example.not_run)
    assert named, f"{example}: name the test that runs it instead (tests/FILE.py::TEST)"
    for path, test in named:
        assert f"def {test}(" in (ROOT / path).read_text(), f"{example}: no {path}::{test}"


def test_the_matching_of_shown_output() -> None:
    assert matches("a\n...\nd", "a\nb\nc\nd")
    assert matches("...\nc", "a\nb\nc")
    assert matches("a\n...", "a\nb")
    assert matches("a\nb", "a\nb")
    assert not matches("a\nb", "a\nb\nc")
    assert not matches("b\n...", "a\nb")
    assert not matches("a\n...\nd", "a\nb\nc\nd\ne")


def test_every_page_has_examples_that_run() -> None:
    """The collection finds the examples (a change to the fence syntax cannot empty it)."""
    kinds = {example.kind for example in RUN_HERE}
    assert kinds == set(RUN)
    assert len(RUN_HERE) >= 15
