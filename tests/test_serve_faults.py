"""`pipeline serve` keeps every word it acknowledged through the faults of a real deployment, under
the load of `pipeline bench serve` (bench/load.py: players on kept-alive connections, then each
player's stored words read back): a worker killed with SIGKILL, a `pipeline build` replacing the
warehouse, and PostgreSQL restarted. Small loads (tens of players, bounded in time): the
thousand-player figure is the bench command's."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import requests

from pipeline.bench.load import Checked, Played, check, new_played, play
from pipeline.bench.serve import SERVER, plans, started_server
from tests.command_warehouse import build_command_warehouse
from tests.made_up_days import CLIMBED_ANSWERS
from tests.postgres import Cluster, server_binaries, throwaway_cluster

DAY = "2024-01-10"
PATH = f"/api/spelling-bee/{DAY}"
IN_FLIGHT = 20
TIMEOUT = 60.0


@pytest.fixture
def built(tmp_path: Path) -> Path:
    return build_command_warehouse(tmp_path / "warehouse.duckdb")


def environment(built: Path) -> dict[str, str]:
    return {"PIPELINE_WAREHOUSE": str(built), "PIPELINE_CUSTOM": str(built.parent / "built_lists")}


class Load:
    """A load test playing in a thread of its own while the test breaks things; `check()` then
    reads each player's words back."""

    def __init__(self, url: str, players: int) -> None:
        host, port = url.removeprefix("http://").split(":")
        self.address = (host, int(port))
        self.plans = plans(list(CLIMBED_ANSWERS), players, guesses=10)
        self.played: Played = new_played(players)
        self.thread = threading.Thread(target=lambda: asyncio.run(self._play()))

    async def _play(self) -> None:
        host, port = self.address
        await play(host, port, f"{PATH}/guess", self.plans, IN_FLIGHT, TIMEOUT, self.played)

    def __enter__(self) -> Load:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.thread.join(timeout=TIMEOUT * 2)

    def check(self) -> Checked:
        """Return each player's stored words against what they were told."""
        host, port = self.address
        path = f"{PATH}/progress"
        return asyncio.run(check(host, port, path, self.played, self.plans, IN_FLIGHT))

    def wait_for(self, done: Callable[[Played], bool]) -> None:
        """Wait until what was played meets a condition."""
        deadline = time.monotonic() + TIMEOUT
        while not done(self.played):
            assert time.monotonic() < deadline and self.thread.is_alive(), "the load stalled"
            time.sleep(0.005)

    def wait_for_guesses(self, count: int) -> None:
        """Wait until `count` guesses were answered."""
        self.wait_for(lambda played: len(played.waits) >= count)


def workers_of(process: subprocess.Popen) -> list[int]:
    """Return the process ids of a server's worker processes (not multiprocessing's resource
    tracker beside them)."""
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()
    return [
        int(pid) for pid in children if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    ]


def still_serves(url: str) -> None:
    """A new player's accepted word is kept: the server goes on."""
    token = requests.post(f"{url}/api/players", json={}, timeout=30).json()["token"]
    bearer = {"Authorization": f"Bearer {token}"}
    guess = requests.post(f"{url}{PATH}/guess", json={"word": "limb"}, headers=bearer, timeout=30)
    assert guess.json()["verdict"] == "accepted"
    assert requests.get(f"{url}{PATH}/progress", headers=bearer, timeout=30).json()["found"] == [
        "limb"
    ]


def test_a_worker_killed_during_a_run_loses_no_acknowledged_word(
    built: Path, progress_store: str | Path
) -> None:
    with started_server(progress_store, workers=2, environment=environment(built)) as (
        url,
        _,
        process,
    ):
        requests.get(url + PATH, timeout=30)
        with Load(url, players=30) as load:
            load.wait_for_guesses(60)
            killed = workers_of(process)[0]
            os.kill(killed, signal.SIGKILL)
        checked = load.check()
        assert len(load.played.waits) > 60
        assert (checked.lost, checked.cross_talk, checked.unreadable) == (0, 0, 0)
        broken = {"ConnectionError", "ConnectionResetError", "IncompleteReadError"}
        assert set(load.played.failures) <= broken  # only the requests the killed worker held
        still_serves(url)
        wait_until(lambda: len(workers_of(process)) == 2 and killed not in workers_of(process))


def wait_until(condition: Callable[[], bool], seconds: float = 120.0) -> None:
    """Wait until a condition holds (a supervisor's restart takes a moment)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.1)


def test_a_build_during_a_run_fails_no_request(built: Path, tmp_path: Path) -> None:
    env = environment(built)
    with started_server(tmp_path / "progress.sqlite", workers=2, environment=env) as (url, _, _):
        requests.get(url + PATH, timeout=30)
        with Load(url, players=30) as load:
            load.wait_for_guesses(30)
            build = subprocess.run(
                [sys.executable, "-c", SERVER, "build"],
                env={**os.environ, **env},
                capture_output=True,
                text=True,
                timeout=300,
                check=False,
            )
            answered_during_the_build = len(load.played.waits)
        assert build.returncode == 0, build.stderr[-2000:]
        checked = load.check()
        assert answered_during_the_build > 30
        assert (sum(load.played.failures.values()), checked.lost, checked.cross_talk) == (0, 0, 0)
        still_serves(url)


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    """A cluster of the test's own: restarting the session's would fail the others' tests."""
    if server_binaries() is None:
        pytest.skip("no PostgreSQL server (Debian: apt-get install -y postgresql)")
    with throwaway_cluster() as started:
        yield started


def test_postgresql_restarted_during_a_run_gives_503_then_recovers_without_a_restart(
    built: Path, cluster: Cluster
) -> None:
    with started_server(cluster.url, workers=1, environment=environment(built)) as (url, _, _):
        requests.get(url + PATH, timeout=30)
        with Load(url, players=150) as load:
            load.wait_for_guesses(50)
            cluster.stop()
            load.wait_for(lambda played: played.failures["HTTP 503"] >= 20)
            while_down = requests.get(f"{url}{PATH}/progress", headers=bearer_of(load), timeout=30)
            cluster.start()
            answered_by_then = len(load.played.waits)
        assert (while_down.status_code, while_down.json()) == (
            503,
            {"error": "the progress store (PostgreSQL) cannot be reached"},
        )
        assert len(load.played.waits) > answered_by_then  # it went on once the store was back
        assert set(load.played.failures) == {"HTTP 503"}
        checked = load.check()
        assert (checked.lost, checked.cross_talk, checked.unreadable) == (0, 0, 0)
        still_serves(url)


def bearer_of(load: Load) -> dict[str, str]:
    """Return the Authorization header of the load's first player."""
    token = next(token for token in load.played.tokens if token is not None)
    return {"Authorization": f"Bearer {token}"}


def test_workers_restarted_while_postgresql_is_down_come_up_and_serve_when_it_is_back(
    built: Path, cluster: Cluster
) -> None:
    with started_server(cluster.url, workers=2, environment=environment(built)) as (
        url,
        _,
        process,
    ):
        requests.get(url + PATH, timeout=30)
        with Load(url, players=30) as load:
            load.wait_for_guesses(40)
            cluster.stop()
            load.wait_for(lambda played: played.failures["HTTP 503"] >= 5)
        bearer = bearer_of(load)
        before = workers_of(process)
        for worker in before:  # both die while the store is down: the supervisor restarts them
            os.kill(worker, signal.SIGKILL)
        wait_until(
            lambda: len(workers_of(process)) == 2 and not set(workers_of(process)) & set(before)
        )
        wait_until(lambda: answers(f"{url}/api/health") == 200)
        restarted = workers_of(process)
        assert answers(f"{url}/api/health") == 200  # public routes: the warehouse alone
        assert answers(url + PATH) == answers(f"{url}/") == answers(f"{url}/api/puzzles") == 200
        down = requests.get(f"{url}{PATH}/progress", headers=bearer, timeout=30)
        assert down.status_code == 503 and down.json()["error"].startswith("cannot reach the")
        assert answers(f"{url}/api/players", "POST", json={}) == 503
        time.sleep(2)
        assert workers_of(process) == restarted  # no worker dies and starts again meanwhile
        cluster.start()
        wait_until(lambda: answers(f"{url}{PATH}/progress", headers=bearer) == 200)
        checked = load.check()
        assert (checked.lost, checked.cross_talk, checked.unreadable) == (0, 0, 0)
        still_serves(url)
        assert workers_of(process) == restarted  # back without a restart


def answers(url: str, method: str = "GET", **kwargs: object) -> int:
    """Return the status a request is answered with (0: no answer)."""
    try:
        return requests.request(method, url, timeout=10, **kwargs).status_code  # type: ignore[arg-type]
    except requests.RequestException:
        return 0
