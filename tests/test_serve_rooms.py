"""Rooms over HTTP, on each progress store: whether a room exists, a player's name, the progress's
version (ETag, 304 while nothing changed), and the room's live feed across the workers of
`pipeline serve --workers 2`: every stream, whichever worker holds it, hears of a word written
through any worker."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator

import pytest
import requests

from pipeline.bench.serve import started_server
from tests.command_warehouse import build_command_warehouse
from tests.conftest import STORES, new_store

DAY = "2024-01-10"
STREAMS = 6  # held at once: the two workers' accept race spreads them
HEARD_SECONDS = 10.0  # generous on a busy machine: the feed takes a tenth of a second


@pytest.fixture(scope="module", params=STORES)
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("rooms")
    built = build_command_warehouse(folder / "warehouse.duckdb")
    environment = {
        "PIPELINE_WAREHOUSE": str(built),
        "PIPELINE_CUSTOM": str(built.parent / "built_lists"),
    }
    store = new_store(request, folder)
    with started_server(store, workers=2, environment=environment) as (address, _, _):
        yield address


def browser() -> requests.Session:
    """Return a client that keeps its cookie as the page's browser does (and says so: a cookie's
    write from another site is refused)."""
    session = requests.Session()
    session.headers["Sec-Fetch-Site"] = "same-origin"
    return session


def test_a_room_is_known_by_its_code_and_a_bad_one_is_not_asked_for(url: str) -> None:
    room = requests.post(f"{url}/api/rooms", json={}, timeout=30).json()["room"]
    assert requests.get(f"{url}/api/rooms/{room.upper()}", timeout=30).json() == {"room": room}
    unknown = requests.get(f"{url}/api/rooms/zzzzzzzzzzzzzzzz", timeout=30)
    assert (unknown.status_code, unknown.json()) == (
        404,
        {"error": "no room 'zzzzzzzzzzzzzzzz': POST /api/rooms makes one"},
    )
    assert requests.get(f"{url}/api/rooms/zz!", timeout=30).status_code == 400


def test_a_players_name_is_letters_digits_and_spaces_and_only_theirs(url: str) -> None:
    ann, bo = browser(), browser()
    assert ann.get(f"{url}/api/players/me/name", timeout=30).json() == {"name": None}
    chosen = ann.post(f"{url}/api/players/me/name", json={"name": "  Ann   2 "}, timeout=30)
    assert chosen.json() == {"name": "Ann 2"} and ann.cookies.get("player")  # a player made
    assert ann.get(f"{url}/api/players/me/name", timeout=30).json() == {"name": "Ann 2"}
    assert bo.get(f"{url}/api/players/me/name", timeout=30).json() == {"name": None}
    for bad in ("<b>Ann</b>", "a" * 21, "Zoë"):
        refused = ann.post(f"{url}/api/players/me/name", json={"name": bad}, timeout=30)
        assert refused.status_code == 400, bad
    assert ann.post(f"{url}/api/players/me/name", json={"name": ""}, timeout=30).json() == {
        "name": None
    }


def test_the_progress_is_304_until_a_teammate_writes(url: str) -> None:
    room = requests.post(f"{url}/api/rooms", json={}, timeout=30).json()["room"]
    path = f"{url}/api/spelling-bee/{DAY}/progress?room={room}"
    ann, bo = browser(), browser()
    first = bo.get(path, timeout=30)
    tag = first.headers["ETag"]
    again = bo.get(path, headers={"If-None-Match": tag}, timeout=30)
    assert (again.status_code, again.content, again.headers["ETag"]) == (304, b"", tag)
    ann.post(f"{url}/api/spelling-bee/{DAY}/guess?room={room}", json={"word": "limb"}, timeout=30)
    changed = bo.get(path, headers={"If-None-Match": tag}, timeout=30)
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    assert changed.json()["found_by"] == {"limb": "a teammate"}
    assert ann.get(path, timeout=30).json()["found_by"] == {"limb": "you"}


def listen(address: str, heard: queue.Queue, ready: threading.Barrier) -> None:
    """Hold a stream; put each of its messages (after the first) in `heard`."""
    with requests.get(address, stream=True, timeout=HEARD_SECONDS + 5) as stream:
        lines = stream.iter_lines()
        while next(lines) != b"data: changed":
            pass
        ready.wait()
        for line in lines:
            if line == b"data: changed":
                heard.put(address)
                return


def test_every_stream_of_a_room_hears_a_word_whichever_worker_took_it(url: str) -> None:
    room = requests.post(f"{url}/api/rooms", json={}, timeout=30).json()["room"]
    feed = f"{url}/api/letter-boxed/{DAY}/events?room={room}"
    heard: queue.Queue = queue.Queue()
    ready = threading.Barrier(STREAMS + 1)
    listeners = [
        threading.Thread(target=listen, args=(feed, heard, ready), daemon=True)
        for _ in range(STREAMS)
    ]
    for listener in listeners:
        listener.start()
    ready.wait(timeout=30)
    requests.post(
        f"{url}/api/letter-boxed/{DAY}/check?room={room}",
        json={"words": ["blacksmith"]},
        timeout=30,
    ).raise_for_status()
    for listener in listeners:
        listener.join(timeout=HEARD_SECONDS)
    assert heard.qsize() == STREAMS
    other = requests.get(f"{url}/api/letter-boxed/{DAY}/events?room={'z' * 16}", timeout=30)
    assert (other.status_code, other.headers["content-type"]) == (404, "application/json")
    assert requests.get(f"{url}/api/letter-boxed/{DAY}/events", timeout=30).status_code == 400
