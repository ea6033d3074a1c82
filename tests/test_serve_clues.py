"""Clues for players over real HTTP (`GET /api/<game>/{id}/clues`) on the command warehouse, whose
WordNet is an extract of the real one (tests/wordnet_extract.py, checked against the mirror's
here): the clues of the Spelling Bee's words left follow the progress of whoever asks (a player,
or a room), Letter Boxed's follow a best solution, and no answer of the clue route ever holds a
word of the puzzle. Against both progress stores."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.stages.clues import answer_clues
from pipeline.storage import warehouse
from tests import wordnet_extract
from tests.command_warehouse import build_command_warehouse
from tests.conftest import STORES
from tests.made_up_days import BLACKSMITH, CLIMBED_ANSWERS
from tests.serving import Player, Running, api_client, browser, served, start_server

DAY = "2024-01-10"
BEE = f"/api/spelling-bee/{DAY}/clues"
BOX = f"/api/letter-boxed/{DAY}/clues"
PUZZLE_WORDS = {*CLIMBED_ANSWERS, *(BLACKSMITH.dictionary or ())}
# The Spelling Bee's ten answers as a new player is offered them: by first letters, then length
CLIMBED_CLUES = [
    (5, "be", "be in contradiction with", None),  # belie
    (4, "bi", "a digestive juice secreted by the liver and stored in the gallbladder; aids in "
     "the digestion of fats", None),  # bile
    (4, "bi", "dwell", "You can stay with me while you are in town"),  # bide
    (4, "bl", "past tense: lose blood from one's body", None),  # bled
    (5, "bl", "lose blood from one's body", None),  # bleed
    (5, "cl", "go upward with gradual or continuous progress",
     "Did you ever ___ up the hill behind your house?"),  # climb
    (7, "cl", "past tense: go upward with gradual or continuous progress",
     "Did you ever ___ up the hill behind your house?"),  # climbed
    (5, "em", "fix or set securely or deeply", "He planted a knee in the back of his opponent"),
    (5, "im", "fix or set securely or deeply", "He planted a knee in the back of his opponent"),
    (4, "li", "one of the jointed appendages of an animal used for locomotion or grasping: arm; "
     "leg; wing; flipper", None),  # limb
]  # fmt: skip
WORD = re.compile(r"[a-z]+")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_command_warehouse(tmp_path_factory.mktemp("clues") / "warehouse.duckdb")


@pytest.fixture(scope="module", params=STORES)
def running(
    request: pytest.FixtureRequest, built: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Running]:
    with served(request, built, tmp_path_factory.mktemp("progress")) as started:
        yield started


def clues(player: Player, path: str, check_words: bool = True) -> list[tuple]:
    """Return the clues a player is given, each as (length, start, clue, example), after checking
    that the answer is kept by no shared cache and (`check_words`) names no word of the made-up
    days' puzzles."""
    answer = player.get(path)
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "private, no-store"
    assert not (check_words and set(WORD.findall(answer.text.lower())) & PUZZLE_WORDS)
    fields = ("length", "start", "clue", "example")
    return [tuple(clue[field] for field in fields) for clue in answer.json()["clues"]]


def words_left(player: Player, path: str) -> int:
    return player.get(path).json()["words_left"]


def test_a_new_player_is_offered_a_clue_for_every_word_left(running: Running) -> None:
    player = browser(running)
    assert clues(player, BEE) == CLIMBED_CLUES
    assert words_left(player, BEE) == 10
    assert clues(player, BEE.replace(DAY, "today")) == CLIMBED_CLUES  # the latest day offline


def test_a_players_clues_follow_that_players_words_only(running: Running) -> None:
    first, second = browser(running), api_client(running)
    first.post(f"/api/spelling-bee/{DAY}/guess", {"word": "climbed"})
    first.post(f"/api/spelling-bee/{DAY}/guess", {"word": "bide"})
    assert clues(first, BEE) == [CLIMBED_CLUES[i] for i in (0, 1, 3, 4, 5, 7, 8, 9)]
    assert words_left(first, BEE) == 8
    assert clues(second, BEE) == CLIMBED_CLUES  # another player's words are not theirs
    assert clues(first, BEE.replace(DAY, "2024-07-10")) == CLIMBED_CLUES  # nor another day's


def test_a_rooms_clues_follow_the_rooms_words(running: Running) -> None:
    first, second = browser(running), api_client(running)
    room = first.post("/api/rooms").json()["room"]
    first.post(f"/api/spelling-bee/{DAY}/guess?room={room}", {"word": "limb"})
    second.post(f"/api/spelling-bee/{DAY}/guess?room={room}", {"word": "belie"})
    assert clues(first, f"{BEE}?room={room}") == CLIMBED_CLUES[1:9]
    assert clues(second, f"{BEE}?room={room}") == CLIMBED_CLUES[1:9]
    assert clues(first, BEE) == CLIMBED_CLUES  # the players' own games are apart
    assert words_left(second, f"{BEE}?room={room}") == 8


def test_letter_boxed_gives_a_clue_for_each_word_of_a_best_solution(running: Running) -> None:
    player = browser(running)
    expected = [
        (10, "bl", "a smith who forges and shapes iron with a hammer and anvil", None),
        (3, "ho", "jump lightly", None),
    ]
    assert clues(player, BOX) == expected
    assert [clue["found"] for clue in player.get(BOX).json()["clues"]] == [False, False]
    player.post(f"/api/letter-boxed/{DAY}/check", {"words": ["blacksmith"]})
    assert clues(player, BOX) == expected  # still both, the first one found
    assert [clue["found"] for clue in player.get(BOX).json()["clues"]] == [True, False]
    assert [clue["found"] for clue in browser(running).get(BOX).json()["clues"]] == [False, False]


def test_the_clue_routes_answer_errors_as_the_others_do(running: Running) -> None:
    player = browser(running)
    assert player.get("/api/spelling-bee/2023-01-01/clues").status_code == 404
    assert player.get(f"{BEE}?room=no").status_code == 400
    unknown = requests.get(running.url + BOX, headers={"Authorization": "Bearer " + "x" * 43})
    assert (unknown.status_code, unknown.headers["cache-control"]) == (401, "no-store")
    assert unknown.json() == {"error": "unknown player: the token is wrong or was forgotten"}


@pytest.mark.mirror
def test_the_command_warehouses_wordnet_is_wordnets_own(mirror_warehouse, built: Path) -> None:
    puzzles = [list(CLIMBED_ANSWERS), list(BLACKSMITH.nyt_solution)]
    senses = "SELECT * FROM wordnet_senses WHERE lemma IN (SELECT unnest($lemmas)) AND rank <= 2"
    lemmas = sorted({sense[0] for sense in wordnet_extract.SENSES})
    other_forms = (
        "SELECT word, other_forms FROM wordnet_forms WHERE word IN (SELECT unnest($words))"
    )
    words = [word for answers in puzzles for word in answers]
    with (
        mirror_warehouse.connect() as mirror,
        warehouse.open_warehouse(built, read_only=True) as extract,
    ):
        for answers in puzzles:
            assert answer_clues(extract, answers) == answer_clues(mirror, answers)
        found = mirror.execute(senses + " ORDER BY lemma, rank", {"lemmas": lemmas}).fetchall()
        forms = dict(mirror.execute(other_forms, {"words": words}).fetchall())
        extract_forms = dict(extract.execute(other_forms, {"words": words}).fetchall())
    stored = len(found[0])  # the senses' derived forms are not stored: they make other forms
    assert sorted(found) == sorted(sense[:stored] for sense in wordnet_extract.SENSES)
    assert forms == extract_forms  # the stage's other forms, with the senses' derived forms


def test_a_generated_puzzles_clues_are_those_of_its_record(
    running: Running, built: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `pipeline generate` records a clue to each answer; the page offers the same for its id
    monkeypatch.setenv("PIPELINE_WAREHOUSE", str(built))
    monkeypatch.setenv("PIPELINE_CUSTOM", str(built.parent / "built_lists"))
    args = ["generate", "spelling-bee", "--seed", "7", "--count", "1", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    [record] = json.loads(result.stdout)["puzzles"]
    assert record["id"] == "g7-any-1" and [c["word"] for c in record["clues"]] == record["answers"]
    recorded = [
        (len(c["word"]), c["word"][:2], c["clue"], c["example"])
        for c in record["clues"]
        if c["clue"]
    ]
    assert recorded == [CLIMBED_CLUES[6], CLIMBED_CLUES[5]]  # climbed, climb; dice, mice: none
    assert clues(browser(running), "/api/spelling-bee/g7-any-1/clues") == sorted(recorded)


@pytest.mark.mirror
def test_a_generated_boards_words_are_clued_over_http_wherever_wordnet_has_a_clue(
    mirror_warehouse, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the mirror's boards: g0-any-1's best solution is UNPLUMB - BOARDWALK, g0-any-2's
    # INFECTER - RAMPWAY, neither of which WordNet knows; g3-any-7's answers hold AORTAL beside
    # THAT and AORTA, whose every text names one of them (pipeline/model/clues.py `weak_clue`)
    monkeypatch.setenv("PIPELINE_CUSTOM", str(mirror_warehouse.custom))
    running = start_server(mirror_warehouse.warehouse, tmp_path / "progress.sqlite")
    try:
        player = browser(running)
        boardwalk = "a walkway made of wooden ___; usually at seaside"
        assert clues(player, "/api/letter-boxed/g0-any-1/clues", check_words=False) == [
            (7, "un", None, None),
            (9, "bo", boardwalk, None),
        ]
        assert clues(player, "/api/letter-boxed/g0-any-2/clues", check_words=False) == [
            (8, "in", None, None),
            (7, "ra", None, None),
        ]
        aortal = (
            "relating to the large trunk artery ___ carries blood from the left ventricle of the "
            "heart to branch arteries"
        )
        bee = clues(player, "/api/spelling-bee/g3-any-7/clues", check_words=False)
        assert [clue for clue in bee if clue[:2] == (6, "ao")] == [(6, "ao", aortal, None)]
    finally:
        running.stop()
