"""The access log of `pipeline serve` (serve/access_log.py): uvicorn's line for each request, a
room's code and a token left out however the query encodes them, nothing a client sends able to
forge a line, written in batches (after FLUSH_SECONDS, at MAX_BUFFERED lines, and when asked at
shutdown); then `pipeline serve` itself: clients that pipeline requests and hang up leave a short
line each and no traceback, and a trusted proxy's client is the one logged."""

from __future__ import annotations

import asyncio
import io
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from pipeline.bench.serve import SERVER, free_port, wait_until_up
from pipeline.serve import access_log
from pipeline.serve.access_log import AccessLog, access_line
from tests.command_warehouse import build_command_warehouse

BEE = "/api/spelling-bee/2024-01-10"


def scope(path: str, query: str = "", method: str = "GET") -> dict:
    return {
        "type": "http",
        "method": method,
        "path": path,
        "query_string": query.encode(),
        "http_version": "1.1",
        "client": ("127.0.0.1", 50123),
        "root_path": "",
    }


def test_a_line_is_uvicorns_with_a_rooms_code_left_out() -> None:
    assert access_line(scope("/api/spelling-bee/2025-08-09/guess", method="POST"), 200) == (
        'INFO:     127.0.0.1:50123 - "POST /api/spelling-bee/2025-08-09/guess HTTP/1.1" 200\n'
    )
    line = access_line(scope("/api/spelling-bee/today/hints", "room=k7wq2mzp9rtx&found=limb"), 200)
    assert line == (
        'INFO:     127.0.0.1:50123 - "GET /api/spelling-bee/today/hints?room=…&found=limb '
        'HTTP/1.1" 200\n'
    )


def test_lines_are_written_together_after_the_flush_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(access_log, "FLUSH_SECONDS", 0.05)
    stream = io.StringIO()
    log = AccessLog(stream)

    async def two_requests() -> tuple[str, str]:
        log.add(scope("/api/health"), 200)
        log.add(scope("/nowhere"), 404)
        before = stream.getvalue()
        await asyncio.sleep(0.2)
        return before, stream.getvalue()

    before, after = asyncio.run(two_requests())
    assert before == ""
    assert after.splitlines() == [
        'INFO:     127.0.0.1:50123 - "GET /api/health HTTP/1.1" 200',
        'INFO:     127.0.0.1:50123 - "GET /nowhere HTTP/1.1" 404',
    ]


def test_a_full_batch_is_written_at_once_and_the_rest_when_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(access_log, "MAX_BUFFERED", 3)
    stream = io.StringIO()
    log = AccessLog(stream)

    async def four_requests() -> int:
        for _ in range(4):
            log.add(scope("/api/health"), 200)
        written = len(stream.getvalue().splitlines())
        log.flush()  # as at shutdown
        return written

    assert asyncio.run(four_requests()) == 3
    assert len(stream.getvalue().splitlines()) == 4


@pytest.mark.parametrize(
    ("query", "logged"),
    [
        ("r%6Fom=k7wq2mzp9rtx4dnb", "room=…"),  # an encoded key, as the server decodes it
        ("ROOM=k7wq2mzp9rtx4dnb&found=a,b", "ROOM=…&found=a,b"),
        ("room=k7wq+2mzp&room=abc", "room=…&room=…"),  # a plus, a repeated key
        ("found=limb&token=" + "A" * 43, "found=limb&token=…"),
        ("%72oom=x&access_token=y", "room=…&access_token=…"),
        ('q=a"b%0A%1B&x', "q=a%22b%0A%1B&x="),  # a quote, a newline, an escape: encoded
        ("found=%E9", "found=%E9"),  # bytes that are not UTF-8, as they came
    ],
)
def test_a_query_is_logged_as_the_server_reads_it_with_its_secrets_left_out(
    query: str, logged: str
) -> None:
    line = access_line(scope("/api/spelling-bee/today/hints", query), 200)
    assert line == (
        f'INFO:     127.0.0.1:50123 - "GET /api/spelling-bee/today/hints?{logged} HTTP/1.1" 200\n'
    )


def test_nothing_a_client_sends_can_end_a_field_or_a_line() -> None:
    forged = scope('/a" 200\nINFO:     1.2.3.4:1 - "GET /b', 'x="\r\n')
    forged["client"] = ('203.0.113.9" - "', 1)  # as a trusted proxy's X-Forwarded-For might say
    line = access_line(forged, 404)
    assert line.count("\n") == 1 and line.count('"') == 2 and "\r" not in line
    assert line == (
        'INFO:     203.0.113.9%22%20-%20%22:1 - "GET /a%22%20200%0AINFO%3A%20%20%20%20%201.2.3.4'
        '%3A1%20-%20%22GET%20/b?x=%22%0D%0A HTTP/1.1" 404\n'
    )


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_command_warehouse(tmp_path_factory.mktemp("log") / "warehouse.duckdb")


def serve(built: Path, folder: Path, *options: str, **environment: str) -> Iterator[str]:
    """Run `pipeline serve` (with its access log) on the command warehouse; yield its address,
    then stop it (Ctrl-C) and yield its standard output and standard error."""
    port = free_port()
    env = {**os.environ, **environment, "PIPELINE_WAREHOUSE": str(built),
           "PIPELINE_CUSTOM": str(built.parent / "built_lists"),
           "PIPELINE_PROGRESS": str(folder / "progress.sqlite")}  # fmt: skip
    command = [sys.executable, "-c", SERVER, "serve", "--port", str(port), "--offline", *options]
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_up(url, process, time.perf_counter())
        yield url
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    yield out.decode() + err.decode()


def test_clients_that_pipeline_requests_and_hang_up_leave_a_short_line_each(
    built: Path, tmp_path: Path
) -> None:
    """Each of 50 clients pipelines two requests and a malformed one, then hangs up: uvicorn
    answered the malformed one at once and closed the connection while the first was being
    answered, whose answer then logged two tracebacks (400 KB for the 50)."""
    running = serve(built, tmp_path)
    url = next(running)
    port = int(url.rsplit(":", 1)[1])
    pipelined = (
        f"GET {BEE} HTTP/1.1\r\nHost: x\r\n\r\nGET /api/health HTTP/1.1\r\nHost: x\r\n\r\n"
        "\x01GARBAGE\r\n\r\n"
    ).encode()
    for _ in range(50):
        with socket.create_connection(("127.0.0.1", port), timeout=30) as client:
            client.sendall(pipelined)
    assert requests.get(f"{url}/api/health", timeout=30).status_code == 200
    logged = next(running)
    assert "Traceback" not in logged and "Exception" not in logged
    lines = [line for line in logged.splitlines() if not line.startswith("serving http://")]
    assert max(len(line) for line in lines) < 120
    assert [line for line in lines if not line.startswith("INFO:     ")] == []  # no warning
    said = [line for line in lines if line[10].isdigit() and "/api/health" not in line]
    assert len(said) <= 50 and all(f'"GET {BEE} HTTP/1.1" 200' in line for line in said), said


@pytest.mark.parametrize(
    ("options", "environment", "client"),
    [
        (("--forwarded-allow-ips", "127.0.0.1"), {}, "203.0.113.9:0"),
        ((), {"PIPELINE_FORWARDED_ALLOW_IPS": "127.0.0.0/8,::1"}, "203.0.113.9:0"),
        ((), {}, "127.0.0.1:"),  # no proxy trusted: X-Forwarded-For is the client's say
    ],
)
def test_a_trusted_proxys_client_is_the_one_logged(
    built: Path, tmp_path: Path, options: tuple[str, ...], environment: dict, client: str
) -> None:
    running = serve(built, tmp_path, *options, **environment)
    url = next(running)
    proxied = {"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https"}
    answer = requests.post(
        f"{url}{BEE}/guess", json={"word": "limb"}, timeout=30,
        headers=proxied | {"Sec-Fetch-Site": "same-origin"},
    )  # fmt: skip
    secure = client.startswith("203")
    assert answer.headers["set-cookie"].startswith("__Host-player=" if secure else "player=")
    logged = next(running)
    [line] = [line for line in logged.splitlines() if f"POST {BEE}/guess" in line]
    assert line.startswith(f"INFO:     {client}")
