"""Every command that prints JSON (`--json`) has a JSON Schema in docs/schemas/, and what the
commands print validates against it (jsonschema, draft 2020-12): one JSON style, written down."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from pipeline.cli.app import app
from tests.command_warehouse import build_command_warehouse
from tests.docs_pages import leaf_commands

SCHEMAS = Path(__file__).resolve().parent.parent / "docs" / "schemas"
FIGURES = "bench_figures"  # the benches that print figures beside targets share one shape
FIGURE_BENCHES = {"pipeline bench generate", "pipeline bench serve", "pipeline bench abuse"}


def schema_name(command: str) -> str:
    """Return the schema file's stem of a command (`pipeline solve spelling-bee` ->
    `solve_spelling_bee`)."""
    if command in FIGURE_BENCHES:
        return FIGURES
    return command.removeprefix("pipeline ").replace(" ", "_").replace("-", "_")


def commands_with_json() -> list[str]:
    """Return every command that has a --json option, groups expanded."""
    return [
        name
        for name, command in leaf_commands()
        if any("--json" in param.opts for param in command.params)
    ]


def validate(name: str, printed: str) -> None:
    """Validate every JSON line a command printed against its schema; fail naming each error."""
    schema = json.loads((SCHEMAS / f"{name}.json").read_text())
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    lines = [line for line in printed.splitlines() if line.strip()]
    assert lines
    for line in lines:
        errors = [
            f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(json.loads(line))
        ]
        assert errors == []


@pytest.mark.parametrize("command", commands_with_json())
def test_every_command_that_prints_json_has_a_schema(command: str) -> None:
    assert (SCHEMAS / f"{schema_name(command)}.json").is_file()


def test_every_schema_belongs_to_a_command() -> None:
    named = {schema_name(command) for command in commands_with_json()}
    assert sorted(path.stem for path in SCHEMAS.glob("*.json")) == sorted(named)


def properties_named(schema: object, name: str) -> list[dict]:
    """Return every property schema of that name, however deep."""
    found = []
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "properties" and isinstance(value, dict) and name in value:
                found.append(value[name])
            found += properties_named(value, name)
    elif isinstance(schema, list):
        for value in schema:
            found += properties_named(value, name)
    return found


@pytest.mark.parametrize("path", sorted(SCHEMAS.glob("*.json")), ids=lambda path: path.stem)
def test_words_is_always_a_list_and_a_count_says_so(path: Path) -> None:
    # One JSON style: `words` (and `answers`, `solution`) are lists of words; counts end in _count
    # (or say what they count: points, days, boards).
    schema = json.loads(path.read_text())
    for name in ("words", "answers", "pangrams"):
        for found in properties_named(schema, name):
            assert "array" in found.get("type", "array"), (name, found)


def printed(*args: str) -> str:
    """Run a command in-process; return its stdout (exit status 0)."""
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


TINY_COMMANDS = [
    ("solve_spelling_bee", ["solve", "spelling-bee", "-c", "b", "-o", "aeklnt", "--json"]),
    ("solve_letter_boxed", ["solve", "letter-boxed", "bam", "lci", "kto", "shp", "--all", "--json"]),
    ("solve_letter_boxed", ["solve", "letter-boxed", "bam", "lci", "kto", "shp", "--json"]),
    ("today", ["today", "--json"]),
    ("today", ["today", "--json", "--reveal"]),
    ("today", ["today", "--json", "--clues"]),
    ("explain", ["explain", "bale", "--json"]),
    ("changes", ["changes", "spelling-bee", "--json"]),
    ("changes", ["changes", "letter-boxed", "--json"]),
    ("scrape", ["scrape", "letter-boxed", "--since", "2024-06-01", "--until", "2024-06-02", "--json"]),
    ("build", ["build", "--json"]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "args"), TINY_COMMANDS, ids=lambda x: " ".join(x) if isinstance(x, list) else x
)
def test_what_a_command_prints_validates_against_its_schema(
    tiny_copy: Path, name: str, args: list[str]
) -> None:
    validate(name, printed(*args))


@pytest.fixture(scope="module")
def generating(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_command_warehouse(tmp_path_factory.mktemp("schemas") / "warehouse.duckdb")


@pytest.mark.parametrize("game", ["spelling-bee", "letter-boxed"])
def test_generated_puzzles_validate_against_their_schema(
    generating: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(generating))
    monkeypatch.setenv("PIPELINE_CUSTOM", str(generating.parent / "built_lists"))
    out = printed("generate", game, "--count", "1", "--allow-nyt", "--json")
    assert json.loads(out)["puzzles"]  # a puzzle to check, not an empty list
    validate(f"generate_{game.replace('-', '_')}", out)


def test_the_benches_figures_validate_against_their_schema() -> None:
    # `bench generate` and `bench serve` print figures_record's object (minutes of work each: the
    # shape is checked here on figures made for the test)
    from pipeline.bench.figures import Figure, figures_record

    record = figures_record(
        {"pipeline serve": [Figure("start, seconds", 0.8, "<= 1", True), Figure("guesses", 2000.0)]}
    )
    assert record == {
        "pipeline serve": [
            {"name": "start, seconds", "value": 0.8, "target": "<= 1", "met": True},
            {"name": "guesses", "value": 2000.0, "target": None, "met": None},
        ]
    }
    validate(FIGURES, json.dumps(record))
