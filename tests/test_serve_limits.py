"""`pipeline serve` keeps to its limits when a client attacks it (issue "serve, safe in public"):
its puzzle cache stays within its caps in entries and bytes however many ids a client asks for,
an unknown id is answered and not kept, an id longer than any real one is unknown at once, and
per-client token buckets answer 429 with `Retry-After` past a client's rate: new players (by
address), writes (by player) and generated puzzles nobody asked for before (by address); players
never written to are forgotten at start-up. Over real HTTP on the command warehouse
(tests/test_serve.py's), with the SQLite store (and PostgreSQL for the expiry)."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from typer.testing import CliRunner

from pipeline.bench.serve import free_port, started_server
from pipeline.cli.app import app
from pipeline.games.generated import MAX_ID_LENGTH
from pipeline.serve.limits import BUCKETS, Buckets, Limits, Rate, address_of
from pipeline.serve.puzzles import Puzzles, estimated_bytes
from pipeline.storage.player_progress import PLAYER, Progress
from tests.command_warehouse import build_command_warehouse
from tests.serving import NO_RATES, Running, start_server

DAY = "2024-01-10"
BEE = f"/api/spelling-bee/{DAY}"
CAPS = {"cache_entries": 40, "cache_mb": 1}
# what the test process may grow by past the cache's cap: the clue texts' caches of
# model/clues.py (about 25 MB full; 60 puzzles' answers fill a little of them), memory the allocator
# keeps after each draw, DuckDB's connections (docs/commands/serve.md: the memory ceiling)
RSS_ALLOWANCE_MB = 100


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_command_warehouse(tmp_path_factory.mktemp("limits") / "warehouse.duckdb")


@pytest.fixture
def serve(built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Running]]:
    """Start servers with the limits a test gives (`serve(limits)`), stopped at the end."""
    monkeypatch.setenv("PIPELINE_CUSTOM", str(built.parent / "built_lists"))
    started: list[Running] = []
    yield started
    for running in started:
        running.stop()


def start(serve: list[Running], built: Path, folder: Path, limits: Limits) -> Running:
    running = start_server(built, folder / f"progress{len(serve)}.sqlite", limits=limits)
    serve.append(running)
    return running


def unknown_and_generated_ids() -> tuple[list[str], list[str]]:
    """Return 300 unknown ids (dates without a puzzle) and 36 generated ids nobody asked for: 30
    honeycombs, and 6 boards the command warehouse's short list cannot draw (each a second's
    search, then 404)."""
    unknown = [f"/api/spelling-bee/{1900 + n // 12}-{n % 12 + 1:02d}-01" for n in range(300)]
    generated = [f"/api/spelling-bee/g{seed}-any-1" for seed in range(30)]
    generated += [f"/api/letter-boxed/g{seed}-any-1" for seed in range(6)]
    return unknown, generated


def test_many_unknown_and_generated_ids_keep_the_cache_within_its_caps(
    serve: list[Running], built: Path, tmp_path: Path
) -> None:
    running = start(serve, built, tmp_path, Limits(**CAPS, generated_per_minute=0))
    puzzles: Puzzles = running.app.state.puzzles
    assert puzzles.caps() == (40, 1024 * 1024)
    assert running.get(BEE).status_code == 200
    for game in ("spelling-bee", "letter-boxed"):
        running.get(f"/api/{game}/g1000-any-1")
    unknown, generated = unknown_and_generated_ids()
    for path in unknown:
        assert running.get(path).status_code == 404
    assert puzzles.usage()[0] <= 7  # 3 puzzles, their clues, the ETag: unknown ids not kept
    answered = [running.get(path).status_code for path in generated]
    assert answered.count(200) == 30  # every honeycomb; no board
    entries, kept_bytes = puzzles.usage()
    assert entries <= 40 and kept_bytes <= 1024 * 1024
    assert entries == 40  # full: the least recently used went first


def resident_mb(pid: int) -> float:
    """Return a process's resident memory, in MB."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(status.split("VmRSS:")[1].split()[0]) / 1024


def test_a_workers_memory_stays_within_its_caps_whatever_ids_it_is_asked(
    built: Path, tmp_path: Path
) -> None:
    """The memory of a real `pipeline serve` worker, a process of its own (the test process's
    own memory holds what every earlier test left), over the same ids."""
    environment = {
        "PIPELINE_WAREHOUSE": str(built),
        "PIPELINE_CUSTOM": str(built.parent / "built_lists"),
        "PIPELINE_CACHE_ENTRIES": "40",
        "PIPELINE_CACHE_MB": "1",
    }
    with (
        started_server(tmp_path / "progress.sqlite", environment=environment) as (url, _, server),
        requests.Session() as session,
    ):
        for game in ("spelling-bee", "letter-boxed"):  # what a worker loads once: its generators
            session.get(f"{url}/api/{game}/g1000-any-1", timeout=120)
        before = resident_mb(server.pid)
        unknown, generated = unknown_and_generated_ids()
        assert {session.get(url + path, timeout=60).status_code for path in unknown} == {404}
        answered = [session.get(url + path, timeout=120).status_code for path in generated]
        assert answered.count(200) == 30
        assert resident_mb(server.pid) - before <= 1 + RSS_ALLOWANCE_MB


def test_an_id_longer_than_any_puzzles_is_unknown_before_any_work(
    serve: list[Running], built: Path, tmp_path: Path
) -> None:
    running = start(serve, built, tmp_path, NO_RATES)
    longest = f"g{'9' * 9}-medium-nyt-since2025-01-01-{'9' * 4}"
    assert len(longest) == MAX_ID_LENGTH == 42
    answer = running.get(f"/api/spelling-bee/{'x' * 10_000}")
    assert (answer.status_code, answer.json()) == (
        404,
        {
            "error": "no Spelling Bee puzzle has an id over 42 characters: an id is a date "
            "(YYYY-MM-DD), `today` or a generated id "
            "(g<seed>-<easy|medium|hard|any>[-nyt][-since<YYYY-MM-DD>]-<n>)"
        },
    )
    assert running.get(f"/api/spelling-bee/{longest}x").status_code == 404
    assert running.app.state.puzzles.usage() == (0, 0)  # nothing read, nothing kept


def test_a_date_outside_the_archives_runs_is_unknown_without_opening_the_warehouse(
    serve: list[Running], built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    running = start(serve, built, tmp_path, NO_RATES)
    puzzles: Puzzles = running.app.state.puzzles
    assert running.get("/api/puzzles").status_code == 200  # the archives, read once
    opened: list[str] = []
    connection = puzzles.connection

    def counted():  # noqa: ANN202 (the warehouse's connection)
        opened.append("")
        return connection()

    monkeypatch.setattr(puzzles, "connection", counted)
    for date in ("1900-01-01", "2024-01-11", "2024-07-09", "2026-01-01"):  # before, gaps, after
        answer = running.get(f"/api/spelling-bee/{date}")
        assert answer.status_code == 404
        assert answer.json() == {"error": f"no Spelling Bee puzzle stored for {date}"}
    assert opened == []
    assert running.get(f"/api/spelling-bee/{DAY}").status_code == 200  # a stored day is read
    assert len(opened) >= 1


def test_a_client_over_its_generation_budget_gets_429_but_kept_puzzles_still(
    serve: list[Running], built: Path, tmp_path: Path
) -> None:
    limits = Limits(generated_per_minute=1, generated_burst=2)
    running = start(serve, built, tmp_path, limits)
    first = [running.get(f"/api/spelling-bee/g{seed}-any-1").status_code for seed in (1, 2)]
    over = running.get("/api/spelling-bee/g3-any-1")
    assert first == [200, 200]
    assert over.status_code == 429 and int(over.headers["retry-after"]) in range(1, 61)
    assert over.json()["error"].startswith("too many new generated puzzles from this address")
    assert running.get("/api/spelling-bee/g1-any-1").status_code == 200  # kept: free
    assert running.get(BEE).status_code == 200  # an NYT puzzle costs nothing of the budget


def test_new_players_rooms_and_cookieless_writes_share_an_addresss_bucket(
    serve: list[Running], built: Path, tmp_path: Path
) -> None:
    running = start(serve, built, tmp_path, Limits(new_players_per_minute=6, new_players_burst=3))
    made = [running.post("/api/players").status_code, running.post("/api/rooms").status_code]
    cookieless = requests.Session()
    cookieless.headers["Sec-Fetch-Site"] = "same-origin"  # the page's browser: its cookie's own
    made.append(cookieless.post(running.url + f"{BEE}/guess", json={"word": "limb"}).status_code)
    assert made == [201, 201, 200]
    over = running.post("/api/players")
    assert over.status_code == 429 and int(over.headers["retry-after"]) in range(1, 11)
    assert over.headers["content-type"] == "application/json"
    assert over.json()["error"] == (
        "too many new players and rooms from this address: at most 3 at once, then 6 a minute; "
        f"try again in {over.headers['retry-after']} s"
    )
    assert running.post("/api/rooms").status_code == 429
    assert requests.post(running.url + f"{BEE}/guess", json={"word": "limb"}).status_code == 429
    # the browser made at its first write goes on playing: its writes are its own
    assert cookieless.post(running.url + f"{BEE}/guess", json={"word": "bide"}).status_code == 200


def test_a_players_writes_have_their_own_bucket(
    serve: list[Running], built: Path, tmp_path: Path
) -> None:
    running = start(serve, built, tmp_path, Limits(writes_per_minute=1, writes_burst=3))
    tokens = [running.post("/api/players").json()["token"] for _ in range(2)]
    first, second = ({"Authorization": f"Bearer {token}"} for token in tokens)
    words = ["limb", "bide", "bile", "bled"]
    answers = [running.post(f"{BEE}/guess", {"word": w}, headers=first) for w in words]
    assert [answer.status_code for answer in answers] == [200, 200, 200, 429]
    assert int(answers[-1].headers["retry-after"]) in range(1, 61)
    assert running.post(f"{BEE}/guess", {"word": "bled"}, headers=second).status_code == 200
    assert running.get(f"{BEE}/progress", headers=first).status_code == 200  # reads are free
    assert running.get(f"{BEE}/progress", headers=first).json()["found"] == words[:3]


def test_a_bucket_refills_at_its_rate_and_remembers_a_bounded_number_of_clients() -> None:
    now = [0.0]
    buckets = Buckets(Rate(per_minute=30, burst=2), clock=lambda: now[0])
    assert [buckets.wait("a"), buckets.wait("a"), buckets.wait("a")] == [0.0, 0.0, 2.0]
    now[0] = 1.0
    assert buckets.wait("a") == 1.0  # half a token back after a second
    now[0] = 3.0
    assert (buckets.wait("a"), buckets.wait("b")) == (0.0, 0.0)
    for client in range(BUCKETS + 500):
        buckets.wait(str(client))
    assert len(buckets) == BUCKETS  # the least recently seen clients forgotten first
    assert Buckets(Rate(0, 0)).wait("a") == 0.0  # 0 a minute: no limit


def test_an_ipv6_client_is_its_64_and_an_ipv4_mapped_one_its_ipv4_address() -> None:
    assert (
        address_of("2001:db8:1:2:3:4:5:6") == address_of("2001:db8:1:2::9") == "2001:db8:1:2::/64"
    )
    assert address_of("::ffff:192.0.2.7") == address_of("192.0.2.7") == "192.0.2.7"
    assert address_of(None) == ""


def test_a_values_size_is_estimated_from_its_parts() -> None:
    words = frozenset({"blacksmith", "hijack"})
    assert estimated_bytes("blacksmith") == sys.getsizeof("blacksmith") == 49 + 10
    assert estimated_bytes(words) == sum(map(sys.getsizeof, (words, "blacksmith", "hijack")))
    assert estimated_bytes(((1, words), words)) > estimated_bytes(words)  # each object once


def test_a_malformed_limit_is_one_error_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIPELINE_CACHE_MB", "lots")
    done = CliRunner().invoke(app, ["serve", "--port", str(free_port())])
    assert done.exit_code == 2
    assert (
        done.output
        == "error: the limit PIPELINE_CACHE_MB='lots' is not a whole number of 0 or more\n"
    )


def test_the_server_forgets_unused_players_at_start_up(
    serve: list[Running], built: Path, progress_store: str | Path
) -> None:
    store = Progress(progress_store)
    try:
        old, _ = store.new_owner(PLAYER)
        with store.dialect.writing() as session:  # made two days ago, never written to since
            session.run_text("UPDATE owners SET created_at = '2000-01-01T00:00:00+00:00'")
        fresh, _ = store.new_owner(PLAYER)
    finally:
        store.close()
    running = start_server(built, progress_store)
    serve.append(running)

    def status(token: str) -> int:
        bearer = {"Authorization": f"Bearer {token}"}
        return running.get("/api/players/me/stats", headers=bearer).status_code

    deadline = time.monotonic() + 20
    while status(old) != 401:
        assert time.monotonic() < deadline, "the unused player was never forgotten"
        time.sleep(0.05)
    assert status(fresh) == 200
