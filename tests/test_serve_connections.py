"""`pipeline serve` against clients that would hold or exhaust it, over raw sockets to a real server
(uvicorn on 127.0.0.1, configured by `serve.server.server_config` as the command configures it):
a request head over 16 KB, a chunked body over 4 KB, an unknown method, clients too slow to send
their request (slowloris), more connections than a worker holds, and 1,100 slow connections under
a limit of 1,024 open files. Each asserts what the server answers and whether it closed the
connection, never how fast; waits are bounded and generous."""

from __future__ import annotations

import contextlib
import json
import os
import resource
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from pipeline.bench.serve import SERVER, free_port, wait_until_up
from pipeline.serve import server
from pipeline.serve.protocol import LimitedHttpToolsProtocol, Limits
from pipeline.serve.server import server_config
from pipeline.serve.settings import Settings
from tests.command_warehouse import build_command_warehouse
from tests.serving import Running, start_server

BEE = "/api/spelling-bee/2024-01-10"
HEALTH = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
BUNDLE = b"GET /docs/swagger-ui-bundle.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"  # 1.4 MB
WAIT = 30.0  # seconds: the most any test waits for the server to act


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_command_warehouse(tmp_path_factory.mktemp("connections") / "warehouse.duckdb")


@contextlib.contextmanager
def serving(built: Path, folder: Path, **settings: Any) -> Iterator[Running]:
    """Serve the command warehouse on a new SQLite store, with `settings` changed."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PIPELINE_CUSTOM", str(built.parent / "built_lists"))
        running = start_server(built, folder / "progress.sqlite", **settings)
        try:
            yield running
        finally:
            running.stop()


@pytest.fixture(scope="module")
def running(built: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    with serving(built, tmp_path_factory.mktemp("progress")) as started:
        yield started


def connect(running: Running) -> socket.socket:
    """Return a new connection to the server."""
    host, port = running.url.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=WAIT)


def answer_and_close(connection: socket.socket) -> tuple[bytes, bool]:
    """Return what the server sent until it closed the connection (or WAIT passed), and whether
    it closed it."""
    received = b""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            chunk = connection.recv(65536)
        except (ConnectionResetError, BrokenPipeError):
            return received, True
        except TimeoutError:
            break
        if not chunk:
            return received, True
        received += chunk
    return received, False


def exchange(running: Running, data: bytes) -> tuple[bytes, bool]:
    """Send `data` on a new connection; return what the server answered and whether it closed
    the connection (a server that refuses a flood may close before all is sent)."""
    with connect(running) as connection:
        with contextlib.suppress(ConnectionResetError, BrokenPipeError):
            connection.sendall(data)
        return answer_and_close(connection)


def status_and_body(answer: bytes) -> tuple[int, dict]:
    """Return the status and the JSON body of a raw HTTP answer."""
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)


def test_the_defaults_are_the_documented_limits(tmp_path: Path) -> None:
    config = server_config(Settings(tmp_path / "w.duckdb", tmp_path / "p.sqlite"), "::1", 8000)
    cap = min(1000, resource.getrlimit(resource.RLIMIT_NOFILE)[0] // 2)
    assert config.limits == Limits(max_head_bytes=16384, request_timeout=10.0, max_connections=cap)
    assert (config.http, config.ws, config.server_header, config.timeout_keep_alive) == (
        LimitedHttpToolsProtocol, "none", False, 5,
    )  # fmt: skip
    assert (config.limit_concurrency, config.proxy_headers) == (None, False)  # protocol.py's


def test_a_worker_holds_at_most_half_its_open_files_after_raising_the_soft_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    raised: list[tuple[int, int]] = []
    monkeypatch.setattr(resource, "getrlimit", lambda _: (256, 1024))
    monkeypatch.setattr(resource, "setrlimit", lambda _, limits: raised.append(limits))
    settings = Settings(tmp_path / "w.duckdb", tmp_path / "p.sqlite", max_connections=5000)
    assert server_config(settings, "127.0.0.1", 8000).limits.max_connections == 512
    assert raised == [(1024, 1024)]
    assert server.open_files_limit() == 1024


def test_a_request_head_over_16_kb_is_431_and_the_connection_closed(running: Running) -> None:
    header = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: "
    fits = header + b"a" * (16384 - len(header) - 4) + b"\r\n\r\n"
    assert exchange(running, fits + b"GET /nowhere HTTP/1.1\r\n")[0].startswith(b"HTTP/1.1 200 ")
    answer, closed = exchange(running, header + b"a" * 20_000 + b"\r\n\r\n")
    assert closed and status_and_body(answer) == (
        431, {"error": "the request line and headers are over 16384 bytes"}
    )  # fmt: skip
    answer, closed = exchange(running, header + b"a" * (1 << 20))  # 1 MB, never finished
    assert closed and (answer == b"" or answer.startswith(b"HTTP/1.1 431 "))  # or reset
    assert running.get("/api/health").status_code == 200


def test_a_chunked_body_over_4_kb_is_413_as_with_content_length(running: Running) -> None:
    head = f"POST {BEE}/guess HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    chunks = b"1000\r\n" + b" " * 4096 + b"\r\n" + b'8\r\n{"word":\r\n' + b"0\r\n\r\n"
    answer, closed = exchange(
        running, f"{head}Transfer-Encoding: chunked\r\n\r\n".encode() + chunks
    )
    assert closed and status_and_body(answer) == (
        413,
        {"error": "the request body is over 4096 bytes"},
    )
    declared = f"{head}Content-Length: 5000\r\n\r\n".encode() + b" " * 5000
    assert status_and_body(exchange(running, declared)[0])[0] == 413


def test_an_unknown_method_is_a_json_400_with_the_headers_of_every_answer(
    running: Running,
) -> None:
    answer, closed = exchange(running, b"FOO /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert closed and status_and_body(answer) == (400, {
        "error": "a malformed request: an unknown method, or a line or header not HTTP/1.1"
    })  # fmt: skip
    head = answer.partition(b"\r\n\r\n")[0].decode().lower()
    assert "content-type: application/json" in head and "x-content-type-options: nosniff" in head
    assert "frame-ancestors 'none'" in head and "server:" not in head


def test_clients_too_slow_to_send_a_request_are_dropped(built: Path, tmp_path: Path) -> None:
    """Slowloris: 40 connections that send a byte of their headers every half second, and 5 that
    send their body as slowly, are all closed by the server (the request timeout made 2 s here;
    its default of 10 s is test_the_defaults_are_the_documented_limits')."""
    body_head = f"POST {BEE}/guess HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    with serving(built, tmp_path, request_timeout=2.0) as running:
        slow = [connect(running) for _ in range(45)]
        for index, connection in enumerate(slow):
            start = (
                body_head + "Content-Length: 100\r\n\r\n{" if index >= 40 else "GET / HTTP/1.1\r\n"
            )
            connection.sendall(start.encode())
            connection.setblocking(False)
        answers: dict[int, bytes] = {}
        started = time.monotonic()
        while len(answers) < len(slow) and time.monotonic() < started + WAIT:
            # a byte every half second until just before the timeout (a byte sent to a closed
            # connection would make the kernel reset it, and lose the answer unread)
            more = b"X" if time.monotonic() < started + 1.0 else b""
            for index, connection in enumerate(slow):
                if index not in answers and (ended := ended_answer(connection, more)) is not None:
                    answers[index] = ended
            time.sleep(0.5)
        for connection in slow:
            connection.close()
        assert len(answers) == 45  # every one closed by the server
        timed_out = {"error": "the request did not arrive whole within 2 seconds"}
        assert all(status_and_body(answers[i]) == (408, timed_out) for i in range(40))
        assert all(answers[i] == b"" for i in range(40, 45))  # its request was being answered
        assert running.get("/api/health").status_code == 200


def ended_answer(connection: socket.socket, more: bytes) -> bytes | None:
    """Send one more byte on a slow connection; return what the server sent before it closed the
    connection, or None while it is open."""
    received = b""
    with contextlib.suppress(BlockingIOError):
        while select.select([connection], [], [], 0)[0]:
            try:
                chunk = connection.recv(65536)
            except ConnectionResetError:
                return received
            if not chunk:
                return received
            received += chunk
    try:
        if more:
            connection.send(more)
    except (BrokenPipeError, ConnectionResetError):
        return received
    return received or None


def test_a_full_worker_closes_the_connection_waiting_longest(built: Path, tmp_path: Path) -> None:
    with serving(built, tmp_path, max_connections=3, request_timeout=60.0) as running:
        idle = [connect(running) for _ in range(3)]
        time.sleep(0.2)  # each accepted in its turn: the first has waited longest
        assert requests.get(f"{running.url}/api/health", timeout=WAIT).status_code == 200
        assert answer_and_close(idle[0]) == (b"", True)
        for connection in idle[1:]:
            connection.settimeout(0.5)
            with pytest.raises(TimeoutError):  # still open, and sent nothing
                connection.recv(1)
            connection.close()


def test_a_worker_whose_every_connection_is_being_answered_says_503(
    built: Path, tmp_path: Path
) -> None:
    with serving(built, tmp_path, max_connections=2) as running:
        busy = []
        for _ in range(2):  # each asks for eight large files and reads none: its answer waits
            connection = socket.socket()
            connection.settimeout(WAIT)
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            connection.connect(("127.0.0.1", int(running.url.rsplit(":", 1)[1])))
            connection.sendall(BUNDLE * 8)
            connection.recv(1, socket.MSG_PEEK)  # its first answer is being written
            busy.append(connection)
        time.sleep(0.5)  # and its second waits for the first to be read
        answer, closed = exchange(running, HEALTH)
        assert closed and status_and_body(answer) == (503, {
            "error": "the server is answering as many connections as it holds: try again"
        })  # fmt: skip
        assert b"\r\nretry-after: 1\r\n" in answer.partition(b"\r\n\r\n")[0].lower() + b"\r\n"
        for connection in busy:
            connection.close()
        deadline = time.monotonic() + WAIT
        while exchange(running, HEALTH)[0].startswith(b"HTTP/1.1 503 "):
            assert time.monotonic() < deadline, "the server did not recover"
            time.sleep(0.2)


def test_slow_connections_beyond_the_open_files_limit_leave_requests_answered(
    built: Path, tmp_path: Path
) -> None:
    """1,100 connections that never finish their headers, against `pipeline serve` under a
    limit of 1,024 open files: every request of a client that sends it at once is answered."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard < 1400:
        pytest.skip("this test opens 1,100 connections: its open files limit is below 1,400")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1400), hard))
    port = free_port()
    env = {**os.environ, "PIPELINE_WAREHOUSE": str(built),
           "PIPELINE_CUSTOM": str(built.parent / "built_lists"),
           "PIPELINE_PROGRESS": str(tmp_path / "progress.sqlite")}  # fmt: skip
    command = [sys.executable, "-c", SERVER, "serve", "--port", str(port), "--offline"]

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))

    process = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=limited
    )
    slow: list[socket.socket] = []
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_up(url, process, time.perf_counter())
        for _ in range(1100):
            slow.append(socket.create_connection(("127.0.0.1", port), timeout=WAIT))
            slow[-1].sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        answered = [requests.get(f"{url}{BEE}", timeout=WAIT).status_code for _ in range(10)]
        token = requests.post(f"{url}/api/players", json={}, timeout=WAIT).json()["token"]
        guessed = requests.post(f"{url}{BEE}/guess", json={"word": "limb"}, timeout=WAIT,
                                headers={"Authorization": f"Bearer {token}"})  # fmt: skip
        assert (answered, guessed.json()["verdict"]) == ([200] * 10, "accepted")
    finally:
        for connection in slow:
            connection.close()
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=WAIT)
    assert b"Traceback" not in err
