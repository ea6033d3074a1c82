"""A third game joins from its own folder: the toy game of tests/toy_game/ (three hooks: its
verdicts, API and commands; a two-puzzle archive) is registered by PIPELINE_GAMES alone, and the
real commands, each its own process, build its dictionary, report on it, solve with it and serve
it, with no line of the pipeline changed and Spelling Bee's and Letter Boxed's builds unchanged.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import duckdb
import pytest
import requests

from pipeline.bench.serve import started_server
from pipeline.games.hooks import GameHooks
from pipeline.storage.column_file import ColumnFile
from tests.command_warehouse import workspace_environment
from tests.toy_game import GAME
from tests.toy_game.archive import write_archive

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Toy:
    """A copy of the tiny warehouse with the toy archive, built with the toy registered."""

    folder: Path
    env: dict[str, str]
    built: subprocess.CompletedProcess

    def pipeline(self, *arguments: str) -> subprocess.CompletedProcess:
        """Run a `pipeline` command with the toy registered."""
        command = [sys.executable, "-c", "from pipeline.cli import main; main()", *arguments]
        return subprocess.run(command, env=self.env, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def toy(tiny_warehouse: Path, tmp_path_factory: pytest.TempPathFactory) -> Toy:
    folder = tmp_path_factory.mktemp("toy")
    shutil.copyfile(tiny_warehouse, folder / "warehouse.duckdb")
    shutil.copytree(tiny_warehouse.parent / "custom", folder / "custom")
    with duckdb.connect(str(folder / "warehouse.duckdb")) as con:
        write_archive(con)
    env = {
        **os.environ,
        "PIPELINE_GAMES": "tests.toy_game",
        "PYTHONPATH": str(ROOT),
        **workspace_environment(folder),
    }
    built = Toy(folder, env, subprocess.CompletedProcess([], 0))
    return Toy(folder, env, built.pipeline("build", "--json"))


def rows(path: Path, sql: str) -> list[tuple]:
    with duckdb.connect(str(path), read_only=True) as con:
        return con.execute(sql).fetchall()


def test_the_build_decides_the_toy_words(toy: Toy) -> None:
    assert toy.built.returncode == 0, toy.built.stderr
    built = json.loads(toy.built.stdout)
    assert sorted(built) == ["letter-boxed", "spelling-bee", "toy-words"]
    assert (
        toy.folder / "custom" / "toy_words.txt"
    ).read_text() == "able\nbales\nblab\nchat\nhumidor\nthe\n"
    # the first puzzle's words are new (their bucket's rate, 0.5, lets them in); the second
    # follows the last verdicts: bale, accepted then, is extra, blab, left out then, is missed
    backtest = rows(
        toy.folder / "warehouse.duckdb",
        "SELECT date::VARCHAR, word, accepted, predicted FROM backtest WHERE game = 'toy-words' "
        "ORDER BY date, word",
    )
    assert backtest == [
        ("2024-01-10", "abba", False, True),
        ("2024-01-10", "able", True, True),
        ("2024-01-10", "alba", False, True),
        ("2024-01-10", "bale", True, True),
        ("2024-01-10", "blab", False, True),
        ("2025-01-10", "abba", False, False),
        ("2025-01-10", "able", True, True),
        ("2025-01-10", "alba", False, False),
        ("2025-01-10", "bale", False, True),
        ("2025-01-10", "bales", True, True),
        ("2025-01-10", "blab", True, False),
    ]


def test_the_other_games_are_built_as_without_it(toy: Toy, tiny_warehouse: Path) -> None:
    for name in ("spelling_bee.txt", "letter_boxed.txt", "spelling_bee_maybe.tsv"):
        built = (toy.folder / "custom" / name).read_text()
        assert built == (tiny_warehouse.parent / "custom" / name).read_text(), name
    every_column = (
        "SELECT * EXCLUDE (reason) FROM custom_words WHERE game <> 'toy-words' ORDER BY game, word"
    )
    assert rows(toy.folder / "warehouse.duckdb", every_column) == rows(tiny_warehouse, every_column)


def test_the_report_scores_it(toy: Toy) -> None:
    reported = toy.pipeline("report", GAME.name, "--json")
    assert reported.returncode == 0, reported.stderr
    (scored,) = json.loads(reported.stdout)["games"]
    assert (scored["first"], scored["last"], scored["coverage"]) == (
        "2024-01-12",
        "2025-01-10",
        {"puzzles": 1, "official_answers": 3, "answers_in_backtest": 3},
    )
    custom = next(row for row in scored["window"] if row["dictionary"] == "custom")
    assert (custom["predicted"], custom["hits"], custom["answers"]) == (3, 2, 3)
    assert (
        [row["word"] for row in scored["missed"]],
        [row["word"] for row in scored["extra"]],
    ) == (
        ["blab"],
        ["bale"],
    )
    sections = [section["id"] for section in json.loads(reported.stdout)["sections"]]
    assert sections == [
        "toy-words",
        *(f"toy-words-{part}" for part in ("backtest", "by-year", "by-month", "errors-per-month")),
        *(f"toy-words-{part}" for part in ("error-kinds", "missed", "extra", "new-words")),
        *(f"toy-words-{part}" for part in ("calibration", "probability-scores", "maybe-tier")),
        *(f"toy-words-{part}" for part in ("guard", "edits", "reversals", "reversals-backtest")),
        *(f"toy-words-{part}" for part in ("nyt-style", "generated-checks", "files")),
    ]


def test_its_own_command_solves_with_its_list(toy: Toy) -> None:
    solved = toy.pipeline("solve", GAME.name, "abel")
    assert (solved.returncode, solved.stdout, solved.stderr) == (0, "able\nblab\n", "")


def test_the_server_offers_it(toy: Toy, tmp_path: Path) -> None:
    environment = {
        name: toy.env[name]
        for name in ("PIPELINE_GAMES", "PYTHONPATH", "PIPELINE_WAREHOUSE", "PIPELINE_CUSTOM")
    }
    with started_server(tmp_path / "progress.sqlite", environment=environment) as (url, _, _):
        player = requests.Session()
        player.headers["Sec-Fetch-Site"] = "same-origin"  # as the page's browser says
        path = f"{url}/api/{GAME.name}"
        assert player.get(f"{path}/2024-01-10", timeout=30).json() == {
            "id": "2024-01-10",
            "letters": "abel",
        }
        assert player.get(f"{path}/2024-01-11", timeout=30).json() == {
            "error": "no toy puzzle '2024-01-11'"
        }
        assert player.post(
            f"{path}/2024-01-10/guess", json={"word": "Bale"}, timeout=30
        ).json() == {
            "word": "bale",
            "found": True,
            "words": ["bale"],
        }
        assert (
            player.post(f"{path}/2024-01-10/guess", json={"word": "bales"}, timeout=30).json()[
                "found"
            ]
            is False
        )
        stats = player.get(f"{url}/api/players/me/stats", timeout=30).json()
        assert stats[GAME.name] == {"puzzles": 1, "words": 1, "points": 4}
        paths = requests.get(f"{url}/openapi.json", timeout=30).json()["paths"]
        assert sorted(p for p in paths if GAME.name in p) == [
            f"/api/{GAME.name}/{{puzzle_id}}",
            f"/api/{GAME.name}/{{puzzle_id}}/events",  # a room's live feed, as every game's
            f"/api/{GAME.name}/{{puzzle_id}}/guess",
        ]


def test_a_registry_entry_naming_no_game_is_one_error_line(toy: Toy) -> None:
    unknown = Toy(toy.folder, {**toy.env, "PIPELINE_GAMES": "tests.no_such_game"}, toy.built)
    result = unknown.pipeline("--version")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "error: PIPELINE_GAMES names 'tests.no_such_game', no game's package: "
        "No module named 'tests.no_such_game'\n"
    )


def test_hooks_without_a_required_hook_fail_when_defined_naming_it() -> None:
    with pytest.raises(TypeError) as raised:

        class NoVerdicts(GameHooks):
            commands = "tests.toy_game.cli"

    assert str(raised.value) == (
        "tests.test_third_game.NoVerdicts lacks the hook 'verdicts', which every game has "
        "(pipeline/games/hooks.py)"
    )


def test_explain_tells_why_from_the_index_the_build_wrote_with_it(toy: Toy) -> None:
    """The words' index holds the word queries every registered game names (its hook
    `explain_queries`), the toy has its own file beside the others', and explain reads them."""
    with ColumnFile(toy.folder / "custom" / "explain_words.cols") as words:
        queries = [name for name in words.tables if not name.endswith("/rows")]
    assert queries == [
        "explain/word",
        "explain/not_accepted",
        "explain/letter_boxed_lists",
        "explain/wordnet",
        "clues/word_senses",
    ]
    assert (toy.folder / "custom" / "toy_words_explain.cols").is_file()
    explained = toy.pipeline("explain", "bales", "--game", GAME.name)
    assert (explained.returncode, explained.stderr) == (0, "")
    assert explained.stdout == (
        "# bales\n\n"
        "- lists: enable, words_alpha\n"
        "- Zipf frequency 0.00 (not in wordfreq); capitalized in web2: no; a first name: no\n"
        "- WordNet: base form bale; noun, verb; 3 senses (noun.artifact, noun.location, "
        "verb.contact)\n"
        "- WordNet's first sense: a large bundle bound for storage or transport\n"
        "- clue: plural: a large bundle bound for storage or transport\n"
        "- nytbee 'not accepted': never listed\n"
        "- NYT Letter Boxed lists: never listed\n\n"
        "## Toy Words: included\n\n"
        "reason: in: accepted in 1 of 1 puzzles where it was eligible, score_last = +1.00\n\n"
        "probability the NYT accepts it: 0.500, the rate of 0 earlier verdicts on words with its "
        "history [in|1|all|<1y]\n\n"
        "rule: a word eligible before is in when its last verdict was 'accepted'; a new word is in "
        "when at least 30% of earlier new words of its evidence bucket were accepted\n\n"
        "eligible in 1 past puzzles (2025-01-10 .. 2025-01-10), accepted in 1\n\n"
        "| date       | NYT      | backtest predicted |\n"
        "|------------|----------|--------------------|\n"
        "| 2025-01-10 | accepted | in                 |\n"
    )
