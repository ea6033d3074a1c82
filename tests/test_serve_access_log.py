"""The access log of `pipeline serve` (serve/access_log.py): uvicorn's line for each request, a
room's code left out, written in batches (after FLUSH_SECONDS, at MAX_BUFFERED lines, and when
asked at shutdown)."""

from __future__ import annotations

import asyncio
import io

import pytest

from pipeline.serve import access_log
from pipeline.serve.access_log import AccessLog, access_line


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
