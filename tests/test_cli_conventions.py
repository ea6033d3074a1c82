"""The conventions every command shares: --version, -h, help panels, choices and environment
variables in the help, --since everywhere (--from kept hidden), and --json for scripts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline import __version__
from pipeline.cli.app import app
from pipeline.solve.spelling_bee import SOLVER_NAMES
from tests.test_json_schemas import validate


@pytest.fixture
def tiny(tiny_warehouse: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the pipeline at the tiny warehouse (read-only here)."""
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(tiny_warehouse))
    monkeypatch.setenv("PIPELINE_CUSTOM", str(tiny_warehouse.parent / "custom"))
    return tiny_warehouse


def invoke(*args: str) -> str:
    """Run the CLI in-process; return stdout of a successful command."""
    result = CliRunner().invoke(app, list(args), terminal_width=200)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_version() -> None:
    assert invoke("--version") == f"pipeline {__version__}\n"


@pytest.mark.parametrize(
    "command", [[], ["solve"], ["report"], ["solve", "spelling-bee"], ["today"]]
)
def test_dash_h_is_help(command: list[str]) -> None:
    assert invoke(*command, "-h") == invoke(*command, "--help")


def test_help_groups_the_commands_in_panels_and_offers_completion() -> None:
    out = invoke("--help")
    setup, solving, reports = (out.index(panel) for panel in ("Setup stages", "Solving", "Reports"))
    assert setup < solving < reports
    assert out.index("build") < solving < out.index("today") < out.index("analyze") < reports
    assert "--install-completion" in out


def test_choices_and_environment_variables_are_in_the_help() -> None:
    solve = invoke("solve", "spelling-bee", "--help")
    assert all(name in solve for name in SOLVER_NAMES)
    assert "PIPELINE_OFFLINE" in invoke("scrape", "--help")
    report = invoke("report", "--help")
    assert "PIPELINE_REPORTS" in report and "--since" in report and "--from" not in report


def test_from_is_a_hidden_alias_of_since(tiny: Path, tmp_path: Path) -> None:
    old = invoke("report", "spelling-bee", "--from", "2024-01-01", "--out", str(tmp_path / "a"))
    new = invoke("report", "spelling-bee", "--since", "2024-01-01", "--out", str(tmp_path / "b"))
    assert old.replace(str(tmp_path / "a"), "") == new.replace(str(tmp_path / "b"), "")


def test_report_json(tiny: Path, tmp_path: Path) -> None:
    printed = invoke("report", "--since", "2024-01-01", "--json", "--out", str(tmp_path))
    validate("report", printed)  # its JSON Schema, docs/schemas/report.json
    record = json.loads(printed)
    bee, box = record["games"]
    assert (bee["game"], bee["first"], bee["last"]) == ("spelling-bee", "2024-01-01", "2025-01-10")
    custom = bee["window"][0]
    assert (custom["dictionary"], custom["predicted"], custom["hits"]) == ("custom", 14, 9)
    assert bee["ceiling"] == {"precision": 9 / 11, "recall": 9 / 11}
    assert [row["word"] for row in bee["missed"]] == ["alba", "blab"]
    assert box["game"] == "letter-boxed" and record["nyt_solutions"]["days"] == 3
    assert record["html"] is None


def test_explain_json(tiny: Path) -> None:
    record = json.loads(invoke("explain", "bale", "--game", "spelling-bee", "--json"))
    assert record["word"] == "bale"
    decision = record["spelling-bee"]["decision"]
    assert (decision["included"], decision["prior_verdicts"]) == (False, 3)
    assert [row["accepted"] for row in record["spelling-bee"]["verdicts"]] == [True, False, False]
    assert "letter-boxed" not in record
    assert record["evidence"] == {  # the evidence as fields, not sentences
        "lists": ["enable", "wordfreq", "words_alpha"],
        "zipf": 3.2,
        "wordfreq_rank": 30000,
        "capitalized_in_web2": False,
        "first_name": False,
        "wordnet": {  # tests/tiny_archive.py's WordNet
            "base_form": "bale",
            "parts_of_speech": ["noun", "verb"],
            "sense_count": 3,
            "lexicographer_files": ["noun.artifact", "noun.location", "verb.contact"],
            "gloss": "a large bundle bound for storage or transport",
            "example": None,
            "clue": {"text": "a large bundle bound for storage or transport", "example": None},
        },
        "nytbee_not_accepted": {"count": 1, "dates": ["2024-02-10"]},
        "nyt_letter_boxed_lists": {"days": 0, "first": None, "last": None},
    }
    text = invoke("explain", "bale", "--game", "spelling-bee")  # the same evidence, as lines
    assert (
        "- lists: enable, wordfreq, words_alpha\n"
        "- Zipf frequency 3.20 (wordfreq rank 30,000); capitalized in web2: no; a first name: no\n"
        "- WordNet: base form bale; noun, verb; 3 senses (noun.artifact, noun.location, "
        "verb.contact)\n"
        "- WordNet's first sense: a large bundle bound for storage or transport\n"
        "- clue: a large bundle bound for storage or transport\n"
        "- nytbee 'not accepted': 1 puzzle(s), last 2024-02-10 (2024-02-10)\n"
        "- NYT Letter Boxed lists: never listed\n"
    ) in text


def test_build_and_scrape_json(tiny_copy: Path) -> None:
    built = json.loads(invoke("build", "spelling-bee", "--json"))
    assert list(built) == ["spelling-bee"]
    assert built["spelling-bee"]["rule"]["score_column"] == "score_last"
    scraped = json.loads(
        invoke("scrape", "letter-boxed", "--since", "2024-06-01", "--until", "2024-06-02", "--json")
    )
    assert scraped["tables"]["letter_boxed_puzzles"] == 3
    assert {row["source"] for row in scraped["sources"]} >= {"simeydk"}


# --- help that reads well ------------------------------------------------------------------------


def every_command_object() -> dict[str, object]:
    """Return every command of the app by its full name, groups expanded."""
    import typer
    from typer.core import TyperGroup

    def walk(group: TyperGroup, prefix: str) -> dict[str, object]:
        found: dict[str, object] = {}
        for name, command in group.commands.items():
            if isinstance(command, TyperGroup):
                found |= walk(command, f"{prefix} {name}")
            else:
                found[f"{prefix} {name}"] = command
        return found

    root = typer.main.get_command(app)
    assert isinstance(root, TyperGroup)
    return walk(root, "pipeline")


@pytest.mark.parametrize("name", sorted(every_command_object()))
def test_every_command_has_an_example_and_no_flag_shows_a_type(name: str) -> None:
    shown = CliRunner().invoke(app, [*name.split()[1:], "--help"], env={"COLUMNS": "200"}).output
    assert "Example: pipeline " in shown
    assert "<bool>" not in shown  # a flag takes no value: no type in its row


@pytest.mark.parametrize("name", sorted(every_command_object()))
def test_no_help_paragraph_is_wrapped_by_hand(name: str) -> None:
    # Rich wraps the help to the terminal's width; a line break typed inside a paragraph would
    # break it in the middle of a sentence at any other width.
    command = every_command_object()[name]
    paragraphs = (command.help or "").split("\n\n")  # type: ignore[attr-defined]
    assert [
        p for p in paragraphs if "\n" in p.strip() and not p.strip().startswith("Example")
    ] == []
