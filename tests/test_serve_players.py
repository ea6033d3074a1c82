"""`pipeline serve` for many players: each player's own progress (a browser's cookie, an API
client's bearer token), rooms shared on purpose, statistics, caching headers and CORS, over real
HTTP on the command warehouse (Spelling Bee B / CDEILM, 43 points, Genius 30; the Letter Boxed
board BAM / LCI / KTO / SHP, par 4), against both progress stores."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from pipeline.storage.player_progress import secret_hash
from tests.command_warehouse import build_command_warehouse
from tests.conftest import STORES
from tests.made_up_days import CLIMBED_ANSWERS
from tests.serving import Player, Running, api_client, browser, served, start_server

DAY = "2024-01-10"
BEE = f"/api/spelling-bee/{DAY}"
BOX = f"/api/letter-boxed/{DAY}"
ORIGIN = "https://clone.example"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_command_warehouse(tmp_path_factory.mktemp("players") / "warehouse.duckdb")


@pytest.fixture(scope="module", params=STORES)
def running(
    request: pytest.FixtureRequest, built: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Running]:
    with served(
        request, built, tmp_path_factory.mktemp("progress"), cors_origins=(ORIGIN,)
    ) as started:
        yield started


def test_a_browser_gets_its_player_at_its_first_write_as_an_httponly_lax_cookie(
    running: Running,
) -> None:
    player = browser(running)
    assert "set-cookie" not in player.get(f"{BEE}/progress").headers  # reading makes none
    made = player.post(f"{BEE}/guess", {"word": "limb"})
    cookie = made.headers["set-cookie"]
    token = player.session.cookies["player"]
    assert len(token) == 43  # 256 random bits, base64url
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    assert "set-cookie" not in player.post(f"{BEE}/guess", {"word": "bile"}).headers
    assert player.get(f"{BEE}/progress").json()["found"] == ["limb", "bile"]


def test_two_players_never_see_each_others_words(running: Running) -> None:
    first, second, client = browser(running), browser(running), api_client(running)
    first.post(f"{BEE}/guess", {"word": "climbed"})
    second.post(f"{BEE}/guess", {"word": "limb"})
    client.post(f"{BOX}/check", {"words": ["blacksmith"]})
    assert first.get(f"{BEE}/progress").json()["found"] == ["climbed"]
    assert second.get(f"{BEE}/progress").json()["found"] == ["limb"]
    assert client.get(f"{BEE}/progress").json()["found"] == []
    assert client.get(f"{BOX}/progress").json()["chain"] == ["blacksmith"]
    assert first.get(f"{BOX}/progress").json()["chain"] == []
    hints = second.get(f"{BEE}/hints").json()
    assert hints["words_left"] == 9  # the second player's own found word only


@pytest.mark.parametrize("token", ["A" * 43, "not a token", ""])
def test_a_wrong_or_unknown_token_is_401_never_someone_elses_game(
    running: Running, token: str
) -> None:
    owner = api_client(running)
    owner.post(f"{BEE}/guess", {"word": "climbed"})
    stranger = {"Authorization": f"Bearer {token}"}
    for method, path in [("GET", f"{BEE}/progress"), ("POST", f"{BEE}/guess"),
                         ("POST", f"{BEE}/restart"), ("GET", "/api/players/me/stats"),
                         ("DELETE", "/api/players/me")]:  # fmt: skip
        response = requests.request(
            method, running.url + path, json={"word": "bleed"}, headers=stranger, timeout=30
        )
        assert response.status_code == 401, (method, path)
        assert response.headers["www-authenticate"] == "Bearer"
        assert set(response.json()) == {"error"}
    assert owner.get(f"{BEE}/progress").json()["found"] == ["climbed"]


def test_an_unknown_cookie_is_401_and_cleared_so_the_page_can_start_afresh(
    running: Running,
) -> None:
    response = requests.get(
        running.url + f"{BEE}/progress", cookies={"player": "B" * 43}, timeout=30
    )
    assert response.status_code == 401
    assert response.headers["set-cookie"].startswith('player=""; expires=')


def test_forgetting_a_player_forgets_everything_they_did(running: Running) -> None:
    player = api_client(running)
    player.post(f"{BEE}/guess", {"word": "climbed"})
    player.post(f"{BOX}/check", {"words": ["blacksmith", "hop"]})
    player.post(f"{BEE}/reveal")
    assert player.delete("/api/players/me").json() == {"forgotten": True}
    assert player.get(f"{BEE}/progress").status_code == 401
    assert player.delete("/api/players/me").status_code == 401


def test_the_store_keeps_only_the_hash_of_a_token(running: Running, built: Path) -> None:
    player = api_client(running)
    token = str(player.session.headers["Authorization"]).removeprefix("Bearer ")
    with running.progress.dialect.reading() as session:
        kept = session.rows_of_text("SELECT owner_id, kind, secret_hash FROM owners")
    assert token not in repr(kept)
    assert {"kind": "player", "secret_hash": secret_hash(token)} in [
        {"kind": row["kind"], "secret_hash": row["secret_hash"]} for row in kept
    ]


def test_a_room_lets_two_players_fill_one_puzzle(running: Running) -> None:
    first, second = browser(running), api_client(running)
    room = first.post("/api/rooms").json()["room"]
    first.post(f"{BEE}/guess?room={room}", {"word": "climbed"})
    guessed = second.post(f"{BEE}/guess?room={room}", {"word": "bleed"}).json()
    assert (guessed["score"], guessed["rank"]) == (19, "Great")  # both players' words count
    assert second.post(f"{BEE}/guess?room={room}", {"word": "climbed"}).json()["verdict"] == (
        "already-found"
    )
    assert first.get(f"{BEE}/progress?room={room}").json()["found"] == ["climbed", "bleed"]
    assert first.get(f"{BEE}/progress").json()["found"] == []  # their own games stay apart
    assert browser(running).get(f"{BEE}/progress?room={room.upper()}").json()["found"] == [
        "climbed",
        "bleed",
    ]


def test_statistics_count_what_a_player_did(running: Running) -> None:
    player = browser(running)
    assert player.get("/api/players/me/stats").json() == {
        "spelling-bee": dict.fromkeys(
            ["puzzles", "words", "points", "genius", "queen_bee", "current_streak", "longest_streak"], 0
        ),
        "letter-boxed": dict.fromkeys(
            ["puzzles", "words", "solved", "solved_within_par", "current_streak", "longest_streak"], 0
        ),
    }  # fmt: skip
    for word in CLIMBED_ANSWERS:  # every answer: Queen Bee
        player.post(f"{BEE}/guess", {"word": word})
    player.post("/api/spelling-bee/2024-07-10/guess", {"word": "climbed"})  # 14: not Genius
    player.post(f"{BOX}/check", {"words": ["blacksmith", "hop"]})
    stats = player.get("/api/players/me/stats")
    assert stats.headers["cache-control"] == "private, no-store"
    assert stats.json() == {
        "spelling-bee": {
            "puzzles": 2,
            "words": 11,
            "points": 43 + 14,
            "genius": 1,
            "queen_bee": 1,
            "current_streak": 0,  # archived days, played long after
            "longest_streak": 1,
        },
        "letter-boxed": {
            "puzzles": 1,
            "words": 2,
            "solved": 1,
            "solved_within_par": 1,
            "current_streak": 0,
            "longest_streak": 1,
        },
    }


def test_answers_the_same_for_everyone_carry_an_etag_and_304_when_it_still_holds(
    running: Running,
) -> None:
    for path in (BEE, BOX, "/api/puzzles", "/api/spelling-bee/g7-any-1"):
        first = running.get(path)
        assert first.headers["cache-control"] == "public, max-age=600"
        again = running.get(path, headers={"If-None-Match": first.headers["etag"]})
        assert (again.status_code, again.content) == (304, b"")
        assert again.headers["etag"] == first.headers["etag"]
        other = running.get(path, headers={"If-None-Match": '"something-else"'})
        assert other.status_code == 200
    assert running.get("/api/spelling-bee/today").headers["cache-control"] == "public, max-age=60"
    assert running.get(BEE).headers["etag"] != running.get(BOX).headers["etag"]


def test_head_answers_wherever_get_does_without_a_body(running: Running) -> None:
    for path in ("/", BEE, f"{BEE}/progress", "/api/puzzles", "/api/health", "/docs"):
        got, head = running.get(path), requests.head(running.url + path, timeout=30)
        assert (head.status_code, head.content) == (200, b"")
        assert head.headers["content-length"] == got.headers["content-length"]


def test_a_clone_on_another_site_may_call_the_api(running: Running) -> None:
    preflight = requests.options(
        running.url + f"{BEE}/guess",
        headers={
            "Origin": ORIGIN,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type",
        },
        timeout=30,
    )
    assert preflight.status_code == 200
    assert preflight.headers["access-control-allow-origin"] == ORIGIN
    assert "POST" in preflight.headers["access-control-allow-methods"]
    answer = running.get(BEE, headers={"Origin": ORIGIN})
    assert answer.headers["access-control-allow-origin"] == ORIGIN
    assert "ETag" in answer.headers["access-control-expose-headers"]
    elsewhere = running.get(BEE, headers={"Origin": "https://elsewhere.example"})
    assert "access-control-allow-origin" not in elsewhere.headers


def test_the_progress_of_a_store_from_before_players_is_claimed_by_the_first_page(
    built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PIPELINE_CUSTOM", str(built.parent / "built_lists"))
    path = tmp_path / "progress.sqlite"
    with sqlite3.connect(path) as old:  # the store of d1093d6: one game for everyone
        old.execute(
            "CREATE TABLE found_words (game TEXT NOT NULL, puzzle TEXT NOT NULL, letters TEXT "
            "NOT NULL, position INTEGER NOT NULL, word TEXT NOT NULL, "
            "PRIMARY KEY (game, puzzle, letters, word))"
        )
        old.execute(
            "INSERT INTO found_words VALUES ('spelling-bee', ?, 'bcdeilm', 1, 'limb')", [DAY]
        )
    running = start_server(built, path)
    try:
        first, second = browser(running), browser(running)
        page = first.get("/")
        assert "HttpOnly" in page.headers["set-cookie"]
        assert page.headers["cache-control"] == "private, no-store"
        assert first.get(f"{BEE}/progress").json()["found"] == ["limb"]
        assert "set-cookie" not in second.get("/").headers  # claimed once
        assert second.get(f"{BEE}/progress").json()["found"] == []
        guessed = first.post(f"{BEE}/guess", {"word": "climbed"}).json()
        assert guessed["score"] == 15
        assert first.get("/api/players/me/stats").json()["spelling-bee"]["points"] == 15
    finally:
        running.stop()


def test_a_player_plays_on_through_any_server_process(running: Running, built: Path) -> None:
    other = start_server(built, running.store)  # a second process's state: none
    try:
        player = browser(running)
        player.post(f"{BEE}/guess", {"word": "climbed"})
        elsewhere = Player(other, player.session)
        assert elsewhere.post(f"{BEE}/guess", {"word": "bleed"}).json()["score"] == 19
        assert player.get(f"{BEE}/progress").json()["found"] == ["climbed", "bleed"]
    finally:
        other.stop()


def test_today_and_its_date_are_one_game(running: Running) -> None:
    """The latest stored day is `today` offline: whichever id a player opens it by, it is one
    game (its words, its chain, its reveal), as in the statistics."""
    player = browser(running)
    latest = "2025-01-10"
    player.post("/api/spelling-bee/today/guess", {"word": "climbed"})
    player.post(f"/api/spelling-bee/{latest}/guess", {"word": "limb"})
    for puzzle_id in ("today", latest):
        progress = player.get(f"/api/spelling-bee/{puzzle_id}/progress").json()
        assert (progress["id"], progress["found"], progress["score"]) == (
            puzzle_id,
            ["climbed", "limb"],
            15,
        )
    again = player.post(f"/api/spelling-bee/{latest}/guess", {"word": "climbed"}).json()
    assert again["verdict"] == "already-found"
    player.post("/api/letter-boxed/today/check", {"words": ["blacksmith"]})
    chain = player.get(f"/api/letter-boxed/{latest}/progress").json()["chain"]
    assert chain == ["blacksmith"]
    player.post(f"/api/letter-boxed/{latest}/reveal")
    assert player.get("/api/letter-boxed/today/progress").json()["revealed"] is True
    assert player.get("/api/players/me/stats").json()["spelling-bee"]["puzzles"] == 1
