"""The access log of `pipeline serve`: one line a request, as uvicorn writes it (`INFO:
CLIENT - "METHOD PATH HTTP/1.1" STATUS`), with a room's code and a token shown as `…` (a token is
sent in a header or a cookie, which the log never shows, but a client may put one in a query).
The query is parsed as the server reads it and written again encoded, so that a key however
encoded (`?r%6Fom=`, `?ROOM=`) is redacted by what it decodes to, and nothing a client sends (a
quote, a newline, a control character) can end a field or a line: a log line is one request.

The lines are kept in memory and written together at most FLUSH_SECONDS later, as nginx's
`access_log ... buffer=SIZE flush=TIME` does (and at once past MAX_BUFFERED lines, and when the
server stops): uvicorn's own access log formats and writes each line through `logging`, which took
a twentieth of a guess's time in the server. A process killed with SIGKILL loses the lines of its
last FLUSH_SECONDS.
"""

from __future__ import annotations

import asyncio
from typing import TextIO
from urllib.parse import parse_qsl, quote

from starlette.types import Scope

FLUSH_SECONDS = 0.5
MAX_BUFFERED = 1000  # lines
SECRET_KEYS = frozenset({"room", "token", "access_token"})  # their values are shown as …
SHOWN = "…"


def access_line(scope: Scope, status: int) -> str:
    """Return a request's line of the access log (a room's code and a token left out)."""
    client = scope.get("client")
    who = quote(f"{client[0]}:{client[1]}" if client else "-", safe=":[]")
    path = quote(scope.get("root_path", "") + scope["path"])
    query = scope.get("query_string", b"")
    if query:
        path += "?" + redacted_query(query)
    method = quote(scope["method"], safe="")
    return f'INFO:     {who} - "{method} {path} HTTP/{scope["http_version"]}" {status}\n'


def redacted_query(query: bytes) -> str:
    """Return a query as the server reads it, encoded again byte for byte, each secret's value
    shown as …."""
    pairs = parse_qsl(query.decode("latin-1"), keep_blank_values=True, encoding="latin-1")
    return "&".join(
        f"{encoded(key)}={SHOWN if key.lower() in SECRET_KEYS else encoded(value)}"
        for key, value in pairs
    )


def encoded(text: str) -> str:
    """Return a query's key or value percent-encoded (its bytes as they came)."""
    return quote(text, safe=",", encoding="latin-1")


class AccessLog:
    """A server process's access log, written to a stream (standard output) in batches."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.lines: list[str] = []
        self.flushing: asyncio.TimerHandle | None = None

    def add(self, scope: Scope, status: int) -> None:
        """Log a request answered with `status` (written within FLUSH_SECONDS)."""
        self.lines.append(access_line(scope, status))
        if len(self.lines) >= MAX_BUFFERED:
            self.flush()
        elif self.flushing is None:
            self.flushing = asyncio.get_running_loop().call_later(FLUSH_SECONDS, self.flush)

    def flush(self) -> None:
        """Write the lines kept."""
        if self.flushing is not None:
            self.flushing.cancel()
            self.flushing = None
        if self.lines:
            lines, self.lines = self.lines, []
            self.stream.write("".join(lines))
            self.stream.flush()
