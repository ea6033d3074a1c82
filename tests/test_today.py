"""`pipeline today`: the tiny warehouse offline, and the live NYT pages served by a local server."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.storage.download import Downloader
from tests.command_warehouse import build_command_warehouse
from tests.conftest import LocalHTTP, fixture


@pytest.fixture
def tiny(tiny_warehouse: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Point the pipeline at the tiny warehouse and its custom lists, offline."""
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(tiny_warehouse))
    monkeypatch.setenv("PIPELINE_CUSTOM", str(tiny_warehouse.parent / "custom"))
    monkeypatch.setenv("PIPELINE_RAW", str(tmp_path / "raw"))
    monkeypatch.setenv("PIPELINE_MIRROR", "")
    monkeypatch.setenv("PIPELINE_OFFLINE", "1")
    return tiny_warehouse


def run(*args: str) -> str:
    """Run `pipeline today ...` and return its output (exit status 0)."""
    result = CliRunner().invoke(app, ["today", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


# The latest stored Spelling Bee, 2025-01-10 (b aeklnt): official answers able alba blab blanket
# (1 + 1 + 1 + 14 points: Genius at 12). The hints are the official answers'; on evidence from
# before that day the custom dictionary predicted able, blanket (the pangram: 7 + 7 points) and ebbe
# (accepted the puzzle before), and left out alba and blab (rejected before).
LATEST_DAY = dt.date(2025, 1, 10)
LATEST_BEE = """\
Spelling Bee 2025-01-10, from the latest stored puzzle (offline), {age}
Letters: center B, others A E K L N T
The NYT's official answers: 4 words, 17 points, 1 pangram; Genius at 12, Queen Bee at 17.

     4  5  6  7  Σ
A:   2  -  -  -  2
B:   1  -  -  1  2
Σ:   3  -  -  1  4

Two letter list:
AB-1  AL-1  BL-2

The custom dictionary, built on the evidence before 2025-01-10 (its backtest), expects 3 words, 16 points, 1 pangram.

"""


def days_old(day: dt.date) -> str:
    """Return a stored day's age as `today` says it (it depends on the day the test runs)."""
    return f"{(dt.date.today() - day).days:,} days old"


def test_offline_shows_the_latest_stored_puzzle_without_answers(tiny: Path) -> None:
    out = run("spelling-bee")
    assert (
        out
        == LATEST_BEE.format(age=days_old(LATEST_DAY)) + "(answers hidden: --reveal shows them)\n"
    )
    assert "blanket" not in out and "ebbe" not in out


def test_reveal_shows_the_words_and_the_errors_of_a_past_day(tiny: Path) -> None:
    out = run("spelling-bee", "--reveal")
    assert out.startswith(LATEST_BEE.format(age=days_old(LATEST_DAY)))
    assert out.endswith(
        "Pangrams: blanket\n"
        "Words: able, alba, blab\n"
        "\n"
        "Against the official answers (4): 2 right, 1 extra, 2 missed\n"
        "Extra (expected, not accepted): ebbe\n"
        "Missed (accepted, not expected): alba, blab\n"
    )


def test_a_given_date_comes_from_the_warehouse(tiny: Path) -> None:
    out = run("letter-boxed", "--date", "2024-06-11")
    lines = out.splitlines()
    assert lines[:4] == [
        "Letter Boxed 2024-06-11, from the warehouse (2024-06-11)",
        "Sides: BAM / LCI / KTO / SHP",
        "Par: 4 words",
        "Fewest words possible with the NYT's word list of the day: 2 words (1 best solution)",
    ]
    assert "blacksmith" not in out
    revealed = run("letter-boxed", "--date", "2024-06-11", "--reveal")
    assert "Best solution: blacksmith - hop\nNYT's solution: blacksmith - hop\n" in revealed
    assert "Against the NYT word list (7): " in revealed


def test_both_games_by_default(tiny: Path) -> None:
    out = run()
    bee_age, box_age = days_old(LATEST_DAY), days_old(dt.date(2024, 6, 11))
    assert out.startswith(
        f"Spelling Bee 2025-01-10, from the latest stored puzzle (offline), {bee_age}\n"
    )
    assert (
        f"\n\nLetter Boxed 2024-06-11, from the latest stored puzzle (offline), {box_age}\n" in out
    )


def test_json_gives_the_same_day_as_fields_and_no_answer_unless_revealed(tiny: Path) -> None:
    bee = json.loads(run("spelling-bee", "--json"))["days"]
    assert bee == [
        {
            "game": "spelling-bee",
            "date": "2025-01-10",
            "origin": f"the latest stored puzzle (offline), {days_old(LATEST_DAY)}",
            "stored": True,
            "center": "b",
            "others": "aeklnt",
            "counted": "official answers",
            "word_count": 4,
            "points": 17,
            "pangram_count": 1,
            "ranks": {
                "Beginner": 0, "Good Start": 0, "Moving Up": 1, "Good": 1, "Solid": 3,
                "Nice": 4, "Great": 7, "Amazing": 9, "Genius": 12, "Queen Bee": 17,
            },
            "hint_grid": {"a": {"4": 2, "5": 0, "6": 0, "7": 0}, "b": {"4": 1, "5": 0, "6": 0, "7": 1}},
            "two_letters": {"ab": 1, "al": 1, "bl": 2},
            "expected": {
                "from": "built on the evidence before 2025-01-10 (its backtest)",
                "word_count": 3,
                "points": 16,
                "pangram_count": 1,
            },
        }
    ]  # fmt: skip
    revealed = json.loads(run("spelling-bee", "--json", "--reveal"))["days"][0]
    assert revealed["words"] == ["blanket", "able", "alba", "blab"]
    assert revealed["pangrams"] == ["blanket"]
    assert revealed["expected"]["words"] == ["blanket", "able", "ebbe"]
    box = json.loads(run("letter-boxed", "--date", "2024-06-11", "--json", "--reveal"))["days"][0]
    assert {key: box[key] for key in ("sides", "par", "counted", "fewest_words", "best_count")} == {
        "sides": ["bam", "lci", "kto", "shp"],
        "par": 4,
        "counted": "NYT word list",
        "fewest_words": 2,
        "best_count": 1,
    }
    assert (box["solution"], box["nyt_solution"]) == (["blacksmith", "hop"], ["blacksmith", "hop"])
    hidden = json.loads(run("letter-boxed", "--date", "2024-06-11", "--json"))["days"][0]
    assert "solution" not in hidden and "blacksmith" not in json.dumps(hidden)


def test_a_date_not_stored_is_an_error(tiny: Path) -> None:
    result = CliRunner().invoke(app, ["today", "spelling-bee", "--date", "2030-01-01"])
    assert result.exit_code == 2
    assert result.output == (
        "error: no Spelling Bee puzzle on 2030-01-01: the archive runs from 2021-06-01 to "
        "2025-01-10\n"
    )


# --- the live pages, served by a real HTTP server on 127.0.0.1 ------------------------------------


@pytest.fixture
def live(
    tiny: Path, local_http: LocalHTTP, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> LocalHTTP:
    """Go online, with every NYT URL answered by the local server (fixture pages)."""
    monkeypatch.delenv("PIPELINE_OFFLINE")
    local_http.script("/puzzles/spelling-bee", [(200, fixture("nyt_spelling_bee.html").encode())])
    local_http.script("/puzzles/letter-boxed", [(200, fixture("nyt_letter_boxed.html").encode())])

    def local_downloader(cls: type[Downloader], offline: bool = False) -> Downloader:
        return Downloader(
            tmp_path / "raw",
            offline=offline,
            retries=0,
            host_delay=0,
            url_rewrite=local_http.rewrite,
        )

    monkeypatch.setattr(Downloader, "from_env", classmethod(local_downloader))
    return local_http


def test_online_reads_the_live_pages(live: LocalHTTP, tmp_path: Path) -> None:
    out = run("--reveal")
    assert out.startswith(
        "Spelling Bee 2024-06-11, from the live NYT page "
        "(https://www.nytimes.com/puzzles/spelling-bee)\n"
        "Letters: center P, others A E L N R T\n"
        "The NYT's answers on today's page: 10 words, 56 points, 2 pangrams; Genius at 39, Queen "
        "Bee at 56.\n"
    )
    # the hints are the page's answers; the tiny custom list has no word with a p
    assert "\nTwo letter list:\nAP-1  LE-1  PA-3  PE-1  PL-2  RE-1  TR-1\n" in out
    assert "\nThe custom dictionary, as built now, expects 0 words, 0 points, 0 pangrams.\n" in out
    assert "Against the official answers" not in out  # today's answers are not final
    assert (
        "Letter Boxed 2024-06-11, from the live NYT page (https://www.nytimes.com/puzzles/letter-boxed)\n"
        "Sides: BAM / LCI / KTO / SHP\n"
        "Par: 4 words\n"
    ) in out
    assert live.hits("/puzzles/spelling-bee") == 1 and live.hits("/puzzles/letter-boxed") == 1
    cached = tmp_path / "raw" / "www.nytimes.com" / "puzzles" / "spelling-bee"
    assert cached.read_text(encoding="utf-8") == fixture("nyt_spelling_bee.html")


def test_a_live_page_that_fails_falls_back_to_the_latest_stored(live: LocalHTTP) -> None:
    live.script("/puzzles/spelling-bee", [(404, b"gone")])
    out = run("spelling-bee")
    assert out.splitlines()[0] == (
        "Spelling Bee 2025-01-10, from the latest stored puzzle: the live page "
        "https://www.nytimes.com/puzzles/spelling-bee is not available (missing), "
        + days_old(LATEST_DAY)
    )


def test_offline_flag_wins_over_the_network(live: LocalHTTP) -> None:
    out = run("letter-boxed", "--offline")
    age = days_old(dt.date(2024, 6, 11))
    assert out.startswith(
        f"Letter Boxed 2024-06-11, from the latest stored puzzle (offline), {age}\n"
    )
    assert live.hits("/puzzles/letter-boxed") == 0


# --- clues (tests/tiny_archive.py's WordNet: able, bale and bales have senses) ---------------------

BEE_CLUES = """\
Clues to 2 of the 4 words (by first letters, then length; WordNet has none for the others):
  1. AB..., 4 letters: (usually followed by `to') having the necessary means or skill or know-how or authority to do something
     example: ___ to swim
  2. BA..., 5 letters: plural: a large bundle bound for storage or transport
"""


def test_clues_give_each_word_its_first_letters_length_and_clue_never_the_word(tiny: Path) -> None:
    hidden = run("spelling-bee", "--date", "2024-02-10")
    shown = run("spelling-bee", "--date", "2024-02-10", "--clues")

    assert shown == f"{hidden}\n{BEE_CLUES}"  # the day as without --clues, then its clues
    for answer in ("able", "bales", "blasted", "ebbe"):  # the day's official answers
        assert answer not in shown.lower()
    revealed = run("spelling-bee", "--date", "2024-02-10", "--clues", "--reveal")
    assert revealed.endswith(BEE_CLUES) and "Pangrams: blasted" in revealed


def test_clues_in_json_are_the_pages_and_hold_no_word(tiny: Path) -> None:
    [day] = json.loads(run("spelling-bee", "--date", "2024-02-10", "--clues", "--json"))["days"]
    assert day["clues"] == [
        {
            "length": 4,
            "start": "ab",
            "clue": "(usually followed by `to') having the necessary means or skill or know-how "
            "or authority to do something",
            "example": "___ to swim",
        },
        {
            "length": 5,
            "start": "ba",
            "clue": "plural: a large bundle bound for storage or transport",
            "example": None,
        },
    ]
    [without] = json.loads(run("spelling-bee", "--date", "2024-02-10", "--json"))["days"]
    assert "clues" not in without and without == {k: v for k, v in day.items() if k != "clues"}


def test_letter_boxed_clues_follow_the_best_solution(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the command warehouse: WordNet's senses of blacksmith and hop (tests/wordnet_extract.py),
    # read from the warehouse (it has no fresh index)
    built = build_command_warehouse(tmp_path / "warehouse.duckdb")
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(built))
    monkeypatch.setenv("PIPELINE_CUSTOM", str(built.parent / "built_lists"))
    monkeypatch.setenv("PIPELINE_OFFLINE", "1")
    shown = run("letter-boxed", "--date", "2024-07-10", "--clues", "--reveal")

    assert "Best solution: blacksmith - hop" in shown
    assert shown.endswith(
        "Clues to the 2 words of the best solution, in its order:\n"
        "  1. BL..., 10 letters: a smith who forges and shapes iron with a hammer and anvil\n"
        "  2. HO..., 3 letters: jump lightly\n"
    )
    [day] = json.loads(run("letter-boxed", "--date", "2024-07-10", "--clues", "--json"))["days"]
    assert day["clues"] == [
        {
            "length": 10,
            "start": "bl",
            "clue": "a smith who forges and shapes iron with a hammer and anvil",
            "example": None,
        },
        {"length": 3, "start": "ho", "clue": "jump lightly", "example": None},
    ]


def test_a_word_without_a_clue_is_said_so(tiny: Path) -> None:
    shown = run("letter-boxed", "--date", "2024-03-01", "--clues")
    assert shown.endswith(  # blacksmith and hop are in no word list of the tiny warehouse
        "Clues to the 2 words of the best solution, in its order:\n"
        "  1. BL..., 10 letters: (no clue: WordNet has none that hides the word)\n"
        "  2. HO..., 3 letters: (no clue: WordNet has none that hides the word)\n"
    )
