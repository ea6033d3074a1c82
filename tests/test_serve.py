"""`pipeline serve`: the JSON API over real HTTP (uvicorn on 127.0.0.1, a free port) on the command
warehouse, whose puzzles are known: Spelling Bee B / CDEILM with the ten CLIMBED_ANSWERS
(43 points) and the Letter Boxed board BAM / LCI / KTO / SHP with the NYT's seven-word list, both
on 2024-01-10, 2024-07-10 and 2025-01-10. Every test runs against both progress stores (a SQLite
file and a real PostgreSQL cluster); each plays as a new player of its own."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest
import requests
from typer.testing import CliRunner

from pipeline.bench.serve import SERVER, free_port, wait_until_up
from pipeline.cli.app import app
from tests.command_warehouse import build_command_warehouse
from tests.conftest import STORES
from tests.made_up_days import CLIMBED_ANSWERS
from tests.serving import Player, Running, browser, served, start_server

DAY = "2024-01-10"
BEE = f"/api/spelling-bee/{DAY}"
BOX = f"/api/letter-boxed/{DAY}"
RANKS = {
    "Beginner": 0,
    "Good Start": 1,
    "Moving Up": 2,
    "Good": 3,
    "Solid": 6,
    "Nice": 11,
    "Great": 17,
    "Amazing": 22,
    "Genius": 30,
    "Queen Bee": 43,
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_command_warehouse(tmp_path_factory.mktemp("serve") / "warehouse.duckdb")


@pytest.fixture(scope="module", params=STORES)
def running(
    request: pytest.FixtureRequest, built: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Running]:
    with served(request, built, tmp_path_factory.mktemp("progress")) as started:
        yield started


@pytest.fixture
def player(running: Running) -> Player:
    return browser(running)


def test_a_puzzle_shows_its_counts_and_ranks_and_no_answer(player: Player) -> None:
    response = player.get(BEE)
    assert response.status_code == 200
    assert response.json() == {
        "id": DAY,
        "game": "spelling-bee",
        "date": DAY,
        "center": "b",
        "others": "cdeilm",
        "words": 10,
        "points": 43,
        "pangrams": 1,
        "ranks": RANKS,
        "judged_by": "the NYT's official answers",
    }
    assert not any(word in response.text for word in CLIMBED_ANSWERS)
    assert float(response.headers["server-timing"].split("dur=")[1]) > 0
    assert player.get(f"{BEE}/progress").json() == {
        "id": DAY,
        "found": [],
        "score": 0,
        "rank": "Beginner",
        "revealed": False,
        "found_by": {},  # in a room, who found each word
    }
    assert player.session.cookies.get("player") is None  # reading makes no player


def test_each_guess_gets_its_verdict_and_found_words_count(player: Player) -> None:
    def guess(word: str) -> dict:
        response = player.post(f"{BEE}/guess", {"word": word})
        assert response.status_code == 200, response.text
        return response.json()

    assert guess("Climbed") == {
        "word": "climbed",
        "verdict": "accepted",
        "points": 14,
        "pangram": True,
        "score": 14,
        "rank": "Nice",
    }
    assert guess("climbed")["verdict"] == "already-found"
    assert guess("bleed") == {
        "word": "bleed",
        "verdict": "accepted",
        "points": 5,
        "pangram": False,
        "score": 19,
        "rank": "Great",
    }
    verdicts = {word: guess(word)["verdict"] for word in ("bid", "hello", "dice", "limbed")}
    assert verdicts == {
        "bid": "too-short",
        "hello": "bad-letters",
        "dice": "missing-center",
        "limbed": "not-in-list",
    }
    assert player.get(f"{BEE}/progress").json()["found"] == ["climbed", "bleed"]


def test_hints_cover_the_words_not_yet_found(player: Player) -> None:
    for word in ("climbed", "bide", "bile"):
        player.post(f"{BEE}/guess", {"word": word})
    hints = player.get(f"{BEE}/hints").json()
    # left: belie bled bleed climb embed imbed limb
    assert hints == {
        "words_left": 7,
        "points_left": 27,
        "pangrams_left": 0,
        "lengths": [4, 5],
        "grid": {
            "b": {"4": 1, "5": 2},
            "c": {"4": 0, "5": 1},
            "e": {"4": 0, "5": 1},
            "i": {"4": 0, "5": 1},
            "l": {"4": 1, "5": 0},
        },
        "two_letters": {"be": 1, "bl": 2, "cl": 1, "em": 1, "im": 1, "li": 1},
    }


def test_hints_count_only_the_words_kept_so_they_are_no_answer_oracle(player: Player) -> None:
    # the attack: words said to the hints without being kept, to see which ones lower words_left
    untouched = player.get(f"{BEE}/hints").json()
    assert (untouched["words_left"], untouched["points_left"]) == (10, 43)
    said = ["zzzz", *CLIMBED_ANSWERS, ",".join(CLIMBED_ANSWERS)]
    answers = [player.get(f"{BEE}/hints", params={"found": word}).json() for word in said]
    assert answers == [untouched] * len(said)  # found= is no input: nothing is revealed
    assert player.get(f"{BEE}/progress").json()["found"] == []
    player.post(f"{BEE}/guess", {"word": "bleed"})  # a word kept counts
    assert player.get(f"{BEE}/hints").json()["words_left"] == 9


def test_the_reveal_lists_every_answer_and_is_kept(player: Player) -> None:
    shown = player.post(f"{BEE}/reveal").json()
    assert shown["pangrams"] == ["climbed"] and sorted(shown["answers"]) == sorted(CLIMBED_ANSWERS)
    assert shown["answers"][:2] == ["climbed", "belie"] and shown["maybe"] == []
    assert player.get(f"{BEE}/progress").json()["revealed"] is True


def test_progress_survives_a_restart_and_starts_again_on_request(
    built: Path, progress_store: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PIPELINE_CUSTOM", str(built.parent / "built_lists"))
    first = start_server(built, progress_store)
    player = browser(first)
    player.post(f"{BEE}/guess", {"word": "limb"})
    player.post(f"{BOX}/check", {"words": ["talk"]})
    first.stop()
    player.running = second = start_server(built, progress_store)
    try:
        assert player.get(f"{BEE}/progress").json()["found"] == ["limb"]
        assert player.get(f"{BOX}/progress").json()["chain"] == ["talk"]
        assert player.get("/api/spelling-bee/2024-07-10/progress").json()["found"] == []
        restarted = player.post(f"{BEE}/restart").json()
        assert (restarted["found"], restarted["score"]) == ([], 0)
        assert player.get(f"{BEE}/progress").json()["found"] == []
    finally:
        second.stop()


def test_a_new_warehouse_is_read_without_a_restart(
    built: Path, tmp_path: Path, progress_store: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PIPELINE_CUSTOM", str(built.parent / "built_lists"))
    served = tmp_path / "warehouse.duckdb"
    shutil.copy(built, served)
    running = start_server(served, progress_store)
    try:
        assert running.get("/api/spelling-bee/2025-01-10").status_code == 200
        rebuilt = tmp_path / "rebuilt.duckdb"
        shutil.copy(built, rebuilt)
        with duckdb.connect(str(rebuilt)) as con:
            con.execute("DELETE FROM spelling_bee_puzzles WHERE date = '2025-01-10'")
        os.replace(rebuilt, served)  # as a stage replaces the warehouse
        gone = running.get("/api/spelling-bee/2025-01-10")
        assert gone.status_code == 404
        assert gone.json() == {"error": "no Spelling Bee puzzle stored for 2025-01-10"}
    finally:
        running.stop()


def test_a_letter_boxed_chain_is_checked_by_the_rules_and_the_days_list(player: Player) -> None:
    board = player.get(BOX).json()
    assert board == {
        "id": DAY,
        "game": "letter-boxed",
        "date": DAY,
        "sides": ["bam", "lci", "kto", "shp"],
        "par": 4,
        "judged_by": "the NYT's word list of the day",
    }
    assert player.get(f"{BOX}/progress").json() == {
        "id": DAY,
        "chain": [],
        "letters_left": sorted("bamlciktoshp"),
        "solved": False,
        "revealed": False,
        "found_by": {},
    }

    def problem(*words: str) -> dict | None:
        return player.post(f"{BOX}/check", {"words": list(words)}).json()["problem"]

    assert problem("blacksmith", "chip") == {
        "index": 1,
        "word": "chip",
        "reason": "must start with 'h', the last letter of the word before",
    }
    assert problem("mop") == {
        "index": 0,
        "word": "mop",
        "reason": "not in the NYT's word list of the day",
    }
    assert problem("bat") == {"index": 0, "word": "bat", "reason": "'ba' are on one side"}
    solved = player.post(f"{BOX}/check", {"words": ["blacksmith", "hop"]}).json()
    assert solved == {
        "words": ["blacksmith", "hop"],
        "valid": True,
        "problem": None,
        "letters_left": [],
        "solved": True,
        "word_count": 2,
        "par": 4,
    }
    assert player.get(f"{BOX}/progress").json()["solved"] is True
    shown = player.post(f"{BOX}/reveal").json()
    assert shown == {"solution": ["blacksmith", "hop"], "par": 4}


def test_a_generated_puzzle_is_judged_by_the_custom_list(player: Player) -> None:
    puzzle = player.get("/api/spelling-bee/g7-any-1").json()
    assert (puzzle["center"], puzzle["others"], puzzle["date"]) == ("c", "bdeilm", None)
    assert puzzle["judged_by"].startswith("the custom list")
    guess = player.post("/api/spelling-bee/g7-any-1/guess", {"word": "dice"}).json()
    assert (guess["verdict"], guess["points"]) == ("accepted", 1)


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "message"),
    [
        ("GET", "/api/spelling-bee/1999-01-01", None, 404, "no Spelling Bee puzzle stored for 1999-01-01"),
        ("GET", "/api/spelling-bee/g7-any-2", None, 404, "no generated puzzle g7-any-2: the draw has only 1 puzzles"),
        ("GET", "/api/letter-boxed/yesterday", None, 404, "no Letter Boxed puzzle 'yesterday': an id is a date (YYYY-MM-DD), `today` or a generated id (g<seed>-<easy|medium|hard|any>[-nyt][-since<YYYY-MM-DD>]-<n>)"),
        ("GET", "/api/nothing", None, 404, "not found"),
        ("POST", f"{BEE}/guess", b'{"word": ', 400, "the body is not valid JSON"),
        ("POST", f"{BEE}/guess", b'{"letters": "abc"}', 400, "word: field required"),
        ("POST", f"{BEE}/guess", b'{"word": "b4d"}', 400, "'b4d' is not a word: letters a-z only, at most 40"),
        ("POST", f"{BEE}/guess", b'{"word": "' + b"a" * 5000 + b'"}', 413, "the request body is over 4096 bytes"),
        ("POST", f"{BOX}/check", b'{"words": "blacksmith"}', 400, "words: input should be a valid list"),
        ("GET", f"{BEE}/hints?room=no", None, 400, "room: not a room's code (16 letters and digits, none of 0, 1, i, l, o)"),
        ("GET", f"{BEE}/progress?room=BADROOM", None, 400, "room: not a room's code (16 letters and digits, none of 0, 1, i, l, o)"),
        ("GET", f"{BEE}/progress?room=k7wq2mzp9rtx4d0b", None, 400, "room: not a room's code (16 letters and digits, none of 0, 1, i, l, o)"),
        ("GET", f"{BEE}/progress?room=K7WQ2MZP9RTX4DNB", None, 404, "no room 'k7wq2mzp9rtx4dnb': POST /api/rooms makes one"),
        ("DELETE", BEE, None, 405, "method not allowed"),
        ("POST", f"{BEE}/progress", None, 405, "method not allowed"),
        ("GET", "/api/players/me", None, 405, "method not allowed"),
        ("DELETE", "/api/players/me", None, 401, "no player: send `Authorization: Bearer TOKEN` (POST /api/players makes one)"),
    ],
)  # fmt: skip
def test_every_error_is_one_json_line_with_its_status(
    running: Running, method: str, path: str, body: bytes | None, status: int, message: str
) -> None:
    headers = {"Content-Type": "application/json"}
    response = requests.request(method, running.url + path, data=body, headers=headers, timeout=30)
    assert (response.status_code, response.json()) == (status, {"error": message})
    assert response.headers["cache-control"] == "no-store"
    assert "Traceback" not in response.text


@pytest.mark.parametrize(
    ("path", "allowed"),
    [
        (BEE, "GET, HEAD"),
        (f"{BEE}/progress", "GET, HEAD"),
        (f"{BEE}/restart", "POST"),
        (f"{BEE}/guess", "POST"),
        ("/api/players/me", "DELETE"),
        ("/api/players", "POST"),
        ("/", "GET, HEAD"),
    ],
)
def test_a_method_a_path_does_not_take_is_405_with_allow(
    running: Running, path: str, allowed: str
) -> None:
    response = requests.request("PUT", running.url + path, timeout=30)
    assert (response.status_code, response.headers["allow"]) == (405, allowed)


def test_the_page_is_small_self_contained_and_holds_no_answer(running: Running) -> None:
    page = running.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert len(page.content) <= 200_000
    assert "http://" not in page.text and "https://" not in page.text  # no network resources
    assert not any(word in page.text for word in CLIMBED_ANSWERS)


def test_the_api_is_documented_by_openapi(running: Running) -> None:
    document = running.get("/openapi.json").json()
    operations = {
        f"{method.upper()} {path}": sorted(operation["responses"])
        for path, methods in document["paths"].items()
        for method, operation in methods.items()
    }
    public, private, write = (
        ["200", "304", "404", "429", "503"],
        ["200", "400", "401", "404", "429", "503"],
        ["200", "400", "401", "403", "404", "413", "429", "503"],
    )
    new = ["201", "400", "403", "413", "429", "503"]
    assert operations == {
        "GET /api/health": ["200"],
        "GET /api/puzzles": ["200", "304", "503"],
        "POST /api/players": new,
        "DELETE /api/players/me": ["200", "401", "403", "503"],
        "GET /api/players/me/stats": ["200", "401", "503"],
        "POST /api/rooms": new,
        "GET /api/rooms/{code}": ["200", "400", "404", "503"],
        "GET /api/players/me/name": ["200", "401", "503"],
        "POST /api/players/me/name": ["200", "400", "401", "403", "413", "429", "503"],
        "GET /api/spelling-bee/{puzzle_id}": public,
        "GET /api/spelling-bee/{puzzle_id}/progress": sorted(private + ["304"]),
        "GET /api/spelling-bee/{puzzle_id}/events": private,
        "POST /api/spelling-bee/{puzzle_id}/restart": write,
        "POST /api/spelling-bee/{puzzle_id}/guess": write,
        "GET /api/spelling-bee/{puzzle_id}/hints": private,
        "GET /api/spelling-bee/{puzzle_id}/clues": private,
        "POST /api/spelling-bee/{puzzle_id}/reveal": write,
        "GET /api/letter-boxed/{puzzle_id}": public,
        "GET /api/letter-boxed/{puzzle_id}/progress": sorted(private + ["304"]),
        "GET /api/letter-boxed/{puzzle_id}/events": private,
        "POST /api/letter-boxed/{puzzle_id}/restart": write,
        "POST /api/letter-boxed/{puzzle_id}/check": write,
        "GET /api/letter-boxed/{puzzle_id}/clues": private,
        "POST /api/letter-boxed/{puzzle_id}/reveal": write,
    }
    assert document["components"]["securitySchemes"]["bearer"] == {
        "type": "http",
        "scheme": "bearer",
        "description": "A player's token from `POST /api/players`",
    }
    assert "422" not in json.dumps(document) and "HTTPValidationError" not in json.dumps(document)


def test_the_puzzles_list_gives_each_games_dates_and_how_ids_are_made(running: Running) -> None:
    listed = running.get("/api/puzzles").json()
    runs = [{"first": day, "last": day} for day in ("2024-01-10", "2024-07-10", "2025-01-10")]
    gaps = [
        {"first": "2024-01-11", "last": "2024-07-09"},
        {"first": "2024-07-11", "last": "2025-01-09"},
    ]
    for game in ("spelling-bee", "letter-boxed"):
        assert listed["games"][game] == {
            "first": "2024-01-10",
            "last": "2025-01-10",
            "puzzles": 3,
            "ranges": runs,
            "gaps": gaps,
        }
    assert listed["ids"]["difficulties"] == ["easy", "medium", "hard", "any"]
    assert listed["ids"]["places"] == [1, 1000]
    assert listed["ids"]["generated_pattern"] == (
        r"g(\d{1,9})-(easy|medium|hard|any)(-nyt)?(?:-since(\d{4}-\d{2}-\d{2}))?-(\d{1,4})"
    )


@pytest.mark.parametrize(
    "path",
    [
        "/../pyproject.toml",
        "/%2e%2e/pyproject.toml",
        "/static/../../etc/passwd",
        "//etc/passwd",
        "/page.html",
    ],
)
def test_no_path_from_the_request_reaches_a_file(running: Running, path: str) -> None:
    response = requests.get(running.url + path, timeout=30)
    assert response.status_code == 404 and response.json() == {"error": "not found"}


def test_a_thousand_malformed_requests_get_4xx_json_and_the_server_goes_on(
    running: Running,
) -> None:
    bodies = [
        b"{", b"[]", b'{"word": 7}', b'{"word": null}', b'{"word": ["a"]}',
        '{"word": "caf\u00e9"}'.encode(), b'{"word": "' + b"b" * 3000 + b'"}', b"\xff\xfe",
    ]  # fmt: skip
    paths = [f"{BEE}/guess", "/api/spelling-bee/2099-13-45/guess", "/api/spelling-bee/%00/guess"]
    statuses = set()
    host, port = running.url.removeprefix("http://").split(":")
    # http.client sends a small body with its headers in one packet (requests sends two, and
    # Nagle's algorithm with delayed ACKs then holds each request 40 ms)
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        for i in range(1000):
            connection.request(
                "POST",
                paths[i % len(paths)],
                body=bodies[i % len(bodies)],
                headers={"Content-Type": "application/json"},
            )
            response = connection.getresponse()
            text = response.read().decode()
            assert 400 <= response.status < 500, (i, text)
            assert set(json.loads(text)) == {"error"}
            statuses.add(response.status)
    finally:
        connection.close()
    assert statuses == {400, 404}
    assert browser(running).post(f"{BEE}/guess", {"word": "limb"}).json()["verdict"] == "accepted"


def test_the_command_serves_with_workers_logs_a_line_a_request_but_no_secret_and_stops_on_ctrl_c(
    built: Path, progress_store: str | Path
) -> None:
    port = free_port()
    env = {
        **os.environ,
        "PIPELINE_WAREHOUSE": str(built),
        "PIPELINE_CUSTOM": str(built.parent / "built_lists"),
        "PIPELINE_PROGRESS": str(progress_store),
    }
    command = [sys.executable, "-c", SERVER, "serve", "--port", str(port), "--offline"]
    command += ["--workers", "2"]
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_up(url, process, time.perf_counter())
        assert requests.get(f"{url}{BEE}", timeout=30).json()["words"] == 10
        token = requests.post(f"{url}/api/players", json={}, timeout=30).json()["token"]
        bearer = {"Authorization": f"Bearer {token}"}
        room = requests.post(f"{url}/api/rooms", json={}, timeout=30).json()["room"]
        for _ in range(4):  # over both workers: each reads the player from the store
            guessed = requests.post(
                f"{url}{BEE}/guess", json={"word": "limb"}, headers=bearer, timeout=30
            )
            assert guessed.json()["score"] == 1
        cookie = requests.post(f"{url}{BOX}/check", json={"words": ["talk"]}, timeout=30).cookies[
            "player"
        ]
        in_room = requests.get(
            f"{url}{BEE}/progress?room={room}", cookies={"player": cookie}, timeout=30
        )
        assert in_room.json()["found"] == []
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=120)
    finally:
        process.kill()
    assert process.returncode == 0
    assert out.decode().startswith(f"serving http://127.0.0.1:{port}/ ")
    assert "2 workers" in out.decode().splitlines()[0]
    logged = [line for line in out.decode().splitlines() if '"GET /api/' in line]  # access log
    assert f'"GET {BEE} HTTP/1.1" 200' in logged[1]  # health, then the day
    assert f'"GET {BEE}/progress?room=… HTTP/1.1" 200' in logged[-1]
    assert "Traceback" not in err.decode()
    everything = out.decode() + err.decode()
    assert (token in everything, cookie in everything, room in everything) == (False, False, False)


def test_a_host_other_than_127_0_0_1_is_said_on_a_warning_line(built: Path, tmp_path: Path) -> None:
    port = free_port()
    env = {
        **os.environ,
        "PIPELINE_WAREHOUSE": str(built),
        "PIPELINE_PROGRESS": str(tmp_path / "progress.sqlite"),
    }
    host = "127.0.0.2"  # another address (of this machine, so that the test stays local)
    command = [sys.executable, "-c", SERVER, "serve", "--host", host, "--port", str(port)]
    command += ["--cors-origin", "*"]
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        wait_until_up(f"http://{host}:{port}", process, time.perf_counter())
        anyone = requests.get(f"http://{host}:{port}{BEE}", headers={"Origin": "https://x.example"})
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=120)
    finally:
        process.kill()
    assert process.returncode == 0
    assert err.decode().splitlines()[:2] == [
        f"warning: listening on {host}: other machines can reach the page and the API",
        "warning: --cors-origin '*': a page of any site may call the API",
    ]
    assert anyone.headers["access-control-allow-origin"] == "*"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["serve", "--workers", "0"], "--workers 0 is not 1 to 64"),
        (["serve", "--cors-origin", "ftp://clone.example"], "--cors-origin 'ftp://clone.example' is not an origin: `https://host[:port]`, or `*`"),
        (["serve", "--cors-origin", "https://clone.example/page"], "--cors-origin 'https://clone.example/page' is not an origin: `https://host[:port]`, or `*`"),
        (["bench", "serve", "--players", "0"], "--players must be at least 1"),
        (["bench", "serve", "--store", "progress.sqlite"], "--store 'progress.sqlite' is not a PostgreSQL URL (postgresql://...)"),
    ],
)  # fmt: skip
def test_a_bad_option_is_one_error_line(arguments: list[str], message: str) -> None:
    result = CliRunner().invoke(app, arguments)
    assert (result.exit_code, result.output) == (2, f"error: {message}\n")


def test_an_unreachable_postgresql_is_one_error_line(built: Path) -> None:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # nothing listens there
    store = f"postgresql://player:secret@127.0.0.1:{port}/play"
    env = {"PIPELINE_WAREHOUSE": str(built), "PIPELINE_PROGRESS": store}
    result = CliRunner().invoke(app, ["serve", "--port", str(free_port())], env=env)
    assert result.exit_code == 2
    assert result.output.startswith(
        f"error: cannot reach the progress store postgresql://player:***@127.0.0.1:{port}/play: "
    )
    assert "secret" not in result.output and len(result.output.splitlines()) == 1


def test_a_port_in_use_is_one_error_line(built: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {**os.environ, "PIPELINE_WAREHOUSE": str(built)}
        done = subprocess.run(
            [sys.executable, "-c", SERVER, "serve", "--port", str(port)],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert (done.returncode, done.stderr) == (
        2,
        f"error: cannot listen on 127.0.0.1:{port}: Address already in use\n",
    )


def serve_process(built: Path, progress: str | Path, port: int) -> subprocess.Popen:
    """Start `pipeline serve` as its own process on the command warehouse."""
    env = {
        **os.environ,
        "PIPELINE_WAREHOUSE": str(built),
        "PIPELINE_CUSTOM": str(built.parent / "built_lists"),
        "PIPELINE_PROGRESS": str(progress),
    }
    command = [sys.executable, "-c", SERVER, "serve", "--port", str(port), "--offline"]
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    wait_until_up(f"http://127.0.0.1:{port}", process, time.perf_counter())
    return process


def test_a_killed_server_keeps_every_word_it_answered(
    built: Path, progress_store: str | Path
) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}{BEE}"
    process = serve_process(built, progress_store, port)
    answered = []
    session = requests.Session()
    session.headers["Sec-Fetch-Site"] = "same-origin"  # a browser of the page: the cookie's
    try:
        for word in CLIMBED_ANSWERS[:6]:
            response = session.post(f"{url}/guess", json={"word": word}, timeout=30)
            assert response.json()["verdict"] == "accepted"
            answered.append(word)
        process.kill()  # kill -9 right after the last answer
        process.wait(timeout=60)
        process = serve_process(built, progress_store, port)
        assert session.get(f"{url}/progress", timeout=30).json()["found"] == answered
    finally:
        process.kill()


def test_requests_never_fail_while_builds_replace_the_warehouse(
    built: Path, tmp_path: Path, progress_store: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PIPELINE_CUSTOM", str(built.parent / "built_lists"))
    served = tmp_path / "warehouse.duckdb"
    shutil.copy(built, served)
    running = start_server(served, progress_store)
    player = browser(running)
    stop = threading.Event()

    def rebuild() -> None:  # a build's commit, again and again, while players play
        for round_number in range(30):
            fresh = tmp_path / f"fresh-{round_number}.duckdb"
            shutil.copy(built, fresh)
            os.replace(fresh, served)
            if stop.wait(0.01):
                return

    builds = threading.Thread(target=rebuild)
    builds.start()
    try:
        statuses: list[int] = []
        while builds.is_alive() or len(statuses) < 50:
            statuses.append(player.get(BEE).status_code)
            statuses.append(player.post(f"{BEE}/guess", {"word": "bile"}).status_code)
        assert set(statuses) == {200}
        assert player.get(f"{BEE}/progress").json()["found"] == ["bile"]
    finally:
        stop.set()
        builds.join()
        running.stop()
